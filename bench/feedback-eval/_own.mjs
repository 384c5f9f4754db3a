import { readFileSync } from 'node:fs';
import { languageReport } from '@fluent/writing-feedback';
import { LanguageToolClient } from '../../apps/feedback-service/dist/languagetool/languagetool.client.js';
import { HarperChecker } from '../../apps/feedback-service/dist/harper/harper.checker.js';
import { TextChecker } from '../../apps/feedback-service/dist/harper/text-checker.js';
import { MaskedLmChecker } from '../../apps/feedback-service/dist/masked-lm/masked-lm.checker.js';
const { texts } = JSON.parse(readFileSync('libs/writing-feedback/fixtures/own-texts.json', 'utf8'));
const checker = new TextChecker(new LanguageToolClient({ url: 'http://127.0.0.1:8081', variant: 'en-GB', timeoutMs: 60000 }), new HarperChecker(), new MaskedLmChecker({ dir: '/work/.fluent-gecx/mlmdir', budgetMs: 1e9, threads: 2 }));
for (const t of texts) {
  const report = languageReport(t.text, await checker.check(t.text));
  const found = report.issues.map((i) => ({ word: t.text.slice(i.offset, i.offset + i.length), category: i.category, rule: i.ruleId }));
  const expected = t.issues.filter((i) => !i.note).map((i) => ({ word: i.word, category: i.category, rule: i.rule }));
  if (JSON.stringify(found) !== JSON.stringify(expected)) console.log(t.id, JSON.stringify(t.text), '\n  found   ', JSON.stringify(found), '\n  expected', JSON.stringify(expected), '\n  notes   ', JSON.stringify(t.issues.filter((i) => i.note).map((i) => i.word)));
}
process.exit(0);
