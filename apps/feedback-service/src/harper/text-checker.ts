import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { harperMatches, mergeChecks } from '@fluent/writing-feedback';
import { LanguageToolClient, type CheckedText } from '../languagetool/languagetool.client';
import { HarperChecker } from './harper.checker';

/**
 * How feedback-service checks a text: LanguageTool, then Harper in process, merged by the library
 * (Harper's issue shows only where LanguageTool has none). The bench (bench/feedback-eval) and the
 * own-text integration test check texts through this same path.
 */
@Injectable()
export class TextChecker implements OnApplicationBootstrap {
  private readonly logger = new Logger(TextChecker.name);

  constructor(
    private readonly languageTool: LanguageToolClient,
    private readonly harper: HarperChecker,
  ) {}

  /** Compiles Harper in the background at startup, so the first feedback does not wait for it. */
  onApplicationBootstrap(): void {
    const started = Date.now();
    this.harper.setup().then(
      () => this.logger.log(`Harper ready in ${Date.now() - started} ms`),
      (error: unknown) => this.logger.warn(`Harper did not start (tried again on the first text): ${String(error)}`),
    );
  }

  async check(text: string): Promise<CheckedText> {
    const checked = await this.languageTool.check(text);
    return mergeChecks(checked, harperMatches(text, await this.harper.lints(text)));
  }
}
