import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskedLmFallbacks } from '@fluent/server-kit';
import { HarperChecker } from '../../apps/feedback-service/src/harper/harper.checker';
import { TextChecker } from '../../apps/feedback-service/src/harper/text-checker';
import { LanguageToolClient } from '../../apps/feedback-service/src/languagetool/languagetool.client';
import { MaskedLmChecker } from '../../apps/feedback-service/src/masked-lm/masked-lm.checker';
import { languageReport } from '@fluent/writing-feedback';
import { maskedLmHome } from '../../tools/stack/masked-lm.mjs';
import { ROOT } from '../../tools/stack/paths.mjs';
import { profile } from '../support/stack';

// Our own learner-style texts (libs/writing-feedback/fixtures/own-texts.json), each with the errors
// planted in it marked by hand, checked by the stack's LanguageTool, Harper and masked language model
// exactly as feedback-service checks them with the model switched on (its TextChecker: LanguageTool's client, British English,
// Harper and the model in process, merged by the library) and reported by the library: every text
// gets exactly the issues marked, in order, and a clean text gets no error (the other variety is a
// variant).
interface Planted {
  word: string;
  category: string;
  rule?: string;
  /** "not found by LanguageTool": planted, but neither LanguageTool 6.6, Harper's kept rules nor the model flag it, so it is not expected. */
  note?: string;
  /** Why a word where no error was planted is flagged (it is expected all the same). */
  unplanted?: string;
}
interface OwnText {
  id: string;
  kind: 'passage' | 'email';
  text: string;
  issues: Planted[];
}

const { texts } = JSON.parse(readFileSync(join(ROOT, 'libs', 'writing-feedback', 'fixtures', 'own-texts.json'), 'utf8')) as { texts: OwnText[] };
const languageTool = new LanguageToolClient({ url: `http://127.0.0.1:${profile.ports.languagetool}`, variant: 'en-GB', timeoutMs: 20_000 });
// vitest's module runner has no loader for the service build's import trick: the same module, imported here.
const harper = new HarperChecker({ load: (specifier) => import(specifier) });
// The stack's model, as feedback-service runs it (MASKED_LM_ENABLED, on by default), with a
// budget no loaded machine reaches: a text checked without it would miss its marks.
const maskedLm = new MaskedLmChecker({ enabled: true, dir: maskedLmHome(), budgetMs: 600_000, threads: 2 });
const checker = new TextChecker(languageTool, harper, maskedLm);

const expectedOf = (t: OwnText) => t.issues.filter((i) => !i.note).map((i) => ({ word: i.word, category: i.category, rule: i.rule }));

describe('our own learner texts against the real LanguageTool, Harper and masked language model', () => {
  // Compiling Harper's WebAssembly and loading the model take seconds (longer on a loaded machine):
  // once, before the texts.
  beforeAll(async () => {
    expect(maskedLm.available, `the stack installs the model into ${maskedLmHome()}`).toBe(true);
    await Promise.all([harper.setup(), maskedLm.matches('The model loads before the first text.')]);
  }, 120_000);
  // Every text was read by the model: none fell back to LanguageTool and Harper alone.
  afterAll(async () => {
    expect((await maskedLmFallbacks.get()).values.filter((v) => v.value > 0)).toEqual([]);
  });

  it.each(texts.map((t) => [t.id, t] as const))('%s gets exactly the issues marked by hand', async (_id, t) => {
    const report = languageReport(t.text, await checker.check(t.text));
    const found = report.issues.map((i) => ({ word: t.text.slice(i.offset, i.offset + i.length), category: i.category, rule: i.ruleId }));
    expect(found).toEqual(expectedOf(t));
    if (t.id.startsWith('clean-')) expect(report.errorsPer100Words.total).toBe(0);
  });
});
