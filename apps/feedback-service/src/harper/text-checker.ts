import { Injectable } from '@nestjs/common';
import { harperMatches, mergeChecks } from '@fluent/writing-feedback';
import { LanguageToolClient, type CheckedText } from '../languagetool/languagetool.client';
import { HarperLinter } from './harper.linter';

/**
 * How feedback-service checks a text: LanguageTool, then Harper (in a worker thread), merged by the library
 * (Harper's issue shows only where LanguageTool has none). The bench (bench/feedback-eval) and the
 * own-text integration test check texts through this same path. Harper is compiled on the first
 * text, not at startup: compiling competes with the service's start for the CPU, and the probes
 * must answer at once (tests/ops/manifests.spec.ts).
 */
@Injectable()
export class TextChecker {
  constructor(
    private readonly languageTool: LanguageToolClient,
    private readonly harper: HarperLinter,
  ) {}

  async check(text: string): Promise<CheckedText> {
    const checked = await this.languageTool.check(text);
    return mergeChecks(checked, harperMatches(text, await this.harper.lints(text)));
  }
}
