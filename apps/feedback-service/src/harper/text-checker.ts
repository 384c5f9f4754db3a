import { Injectable } from '@nestjs/common';
import { harperMatches, mergeChecks } from '@fluent/writing-feedback';
import { LanguageToolClient, type CheckedText } from '../languagetool/languagetool.client';
import { MaskedLmChecker, type MaskedLmRequest } from '../masked-lm/masked-lm.checker';
import { HarperLinter } from './harper.linter';

/**
 * How feedback-service checks a text: LanguageTool, Harper (in a worker thread) and the masked
 * language model (native threads) at the same time, merged by the library in that order of trust:
 * Harper's issue shows only where LanguageTool has none, the model's only where neither has one.
 * The bench (bench/feedback-eval) and the own-text integration test check texts through this path.
 * Harper is compiled on the first text, not at startup: compiling competes with the service's start
 * for the CPU, and the probes must answer at once (tests/ops/manifests.spec.ts).
 */
@Injectable()
export class TextChecker {
  constructor(
    private readonly languageTool: LanguageToolClient,
    private readonly harper: HarperLinter,
    private readonly maskedLm: MaskedLmChecker,
  ) {}

  /** @param model how the text asks the model: a practice answer a learner waits on is urgent, with a shorter budget. */
  async check(text: string, model: MaskedLmRequest = {}): Promise<CheckedText> {
    const [checked, lints, modelMatches] = await Promise.all([this.languageTool.check(text), this.harper.lints(text), this.maskedLm.matches(text, model)]);
    return mergeChecks(mergeChecks(checked, harperMatches(text, lints)), modelMatches);
  }
}
