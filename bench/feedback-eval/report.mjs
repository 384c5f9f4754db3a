// @ts-check
/** bench/FEEDBACK.md from the "before", "after" and "harper" runs (any may be missing). */
import { FIGURES, TRAITS } from './evaluate.mjs';
import { wilsonUpper } from './measures.mjs';

const pct = (/** @type {number | undefined} */ v) => (v === undefined || Number.isNaN(v) ? '–' : `${(v * 100).toFixed(1)} %`);
const r2 = (/** @type {number | undefined} */ v) => (v === undefined || Number.isNaN(v) ? '–' : v.toFixed(2));

/**
 * @param {any} before @param {any} after @param {string} [notes] hand-written notes (bench/feedback-eval/NOTES.md)
 * @param {any} [harper] the run with Harper as second checker (after issue 43 parts 1-3)
 */
export function renderReport(before, after, notes = '', harper = undefined, mlm = undefined) {
  const runs = /** @type {[string, any][]} */ ([['before', before], ['after', after], ['with Harper', harper], ['with the masked LM', mlm]].filter(([, r]) => r));
  const out = [];
  out.push('# Writing feedback against human judgement');
  out.push('');
  out.push('Written by `npm run eval:feedback -- --corpora <folder>` (bench/feedback-eval; how to run it and what each figure means: the documentation of issue 43). Figures only: the corpora are not in the repository.');
  out.push('');
  out.push('## What was run');
  out.push('');
  out.push('| | ' + runs.map(([l]) => l).join(' | ') + ' |');
  out.push('| --- | ' + runs.map(() => '---').join(' | ') + ' |');
  const row = (/** @type {string} */ name, /** @type {(r: any) => string} */ f) => out.push(`| ${name} | ${runs.map(([, r]) => f(r)).join(' | ')} |`);
  row('date', (r) => r.date.slice(0, 16).replace('T', ' '));
  row('code (git)', (r) => r.commit);
  row('LanguageTool', (r) => `${r.checker.name} ${r.checker.version}, ${r.checker.variant}`);
  row('second checker', (r) => r.secondChecker ?? 'none');
  row('Node', (r) => r.node);
  row('JFLEG (keisks/jfleg commit)', (r) => r.corpora.jfleg);
  row('DREsS_New (copy in fedorukben/hagglinggradesllm, commit)', (r) => r.corpora.dress);
  row('DREsS essays: rated / sampled (seed)', (r) => (r.dress ? `${r.dress.available} / ${r.dress.sample} (${r.seed})` : 'not run'));
  out.push('');
  if (notes.trim()) out.push(notes.trim(), '');
  out.push('## JFLEG: detection (report on test; dev for tuning)');
  out.push('');
  out.push('| figure | goal | ' + runs.flatMap(([l]) => [`${l}: test`, `${l}: dev`]).join(' | ') + ' |');
  out.push('| --- | --- | ' + runs.flatMap(() => ['---', '---']).join(' | ') + ' |');
  const jrow = (/** @type {string} */ name, /** @type {string} */ goal, /** @type {(p: any) => string} */ f) =>
    out.push(`| ${name} | ${goal} | ${runs.flatMap(([, r]) => [f(r.jfleg.test), f(r.jfleg.dev)]).join(' | ')} |`);
  jrow('sentences (needing correction / left alone by all four correctors)', '', (p) => `${p.sentences} (${p.needing} / ${p.clean})`);
  jrow('sentence recall: needing correction and flagged', '≥ 72 %', (p) => pct(p.recall));
  jrow('span precision: flags touching a corrected token', '≥ 92 %', (p) => pct(p.spanPrecision));
  jrow('false alarms: clean sentences flagged', '≤ 10 %', (p) => pct(p.falseAlarmRate));
  jrow('flags', '', (p) => String(p.flags));
  jrow('by majority: sentences (changed by 2+ correctors / by at most 1)', '', (p) => (p.majority ? `${p.majority.needing} / ${p.majority.clean}` : '–'));
  jrow('by majority: sentence recall', '', (p) => pct(p.majority?.recall));
  jrow('by majority: false alarms', '', (p) => pct(p.majority?.falseAlarmRate));
  out.push('');
  if (harper?.jfleg.dev.harperRules) {
    out.push('## Harper\'s rules on JFLEG dev (the choice; every rule on)');
    out.push('');
    out.push('A flag is right when it touches a token a corrector changed. "Added" flags are those where LanguageTool shows nothing: the only ones a learner sees, since an overlapping flag shows LanguageTool\'s. Kept: added flags right ≥ 70 % over at least 2, and not Harper\'s spell checker, readability or typography advice, nor a rule that flagged correct sentences of ours (the notes above; libs/writing-feedback/src/harper.ts). Test figures of the kept rules are in the per-rule table below.');
    out.push('');
    out.push('| rule | Harper\'s kind | kept | dev flags, precision | added flags, precision |');
    out.push('| --- | --- | --- | --- | --- |');
    const hr = Object.entries(harper.jfleg.dev.harperRules).sort((a, b) => /** @type {any} */ (b[1]).flags - /** @type {any} */ (a[1]).flags || a[0].localeCompare(b[0]));
    for (const [rule, v] of /** @type {[string, any][]} */ (hr)) {
      out.push(`| ${rule} | ${v.kind} | ${v.kept ? 'yes' : 'no'} | ${v.flags}, ${pct(v.hits / v.flags)} | ${v.added}, ${v.added ? pct(v.addedHits / v.added) : '–'} |`);
    }
    out.push('');
  }
  out.push('## DREsS: correlation (Pearson r) of every figure with the raters\' scores');
  out.push('');
  out.push('On the report half of the sample (the tuning half in brackets). DREsS rates **language** (grammar, vocabulary, sentence construction together), content, organization, and their total; it has no separate Conventions, Grammar or Vocabulary score. Error rates are negated, so a positive r means "fewer errors, better rated".');
  out.push('');
  out.push('| figure | ' + runs.flatMap(([l]) => TRAITS.map((t) => `${l}: ${t}`)).join(' | ') + ' |');
  out.push('| --- | ' + runs.flatMap(() => TRAITS.map(() => '---')).join(' | ') + ' |');
  for (const [key, name] of Object.entries(FIGURES)) {
    out.push(`| ${name} | ${runs.flatMap(([, r]) => TRAITS.map((t) => (r.dress?.report.correlations[key] ? `${r2(r.dress.report.correlations[key][t])} (${r2(r.dress.tune.correlations[key][t])})` : '–'))).join(' | ')} |`);
  }
  out.push('');
  row('essays at 40 or more distinct content words (the old cap)', (r) => (r.dress ? pct(r.dress.atVocabularyCap) : '–'));
  out.push('');
  out.push('## Rules below 70 % precision on JFLEG dev (the whole 95 % Wilson interval below 70 %)');
  out.push('');
  const base = before ?? after;
  const low = Object.entries(base.jfleg.dev.perRule)
    .filter(([, v]) => wilsonUpper(/** @type {any} */ (v).hits, /** @type {any} */ (v).flags) < 0.7)
    .sort((a, b) => /** @type {any} */ (b[1]).flags - /** @type {any} */ (a[1]).flags);
  out.push(`Measured on the ${before ? '"before"' : '"after"'} run. Test figures are shown beside, for the record; the choice was made on dev.`);
  out.push('');
  out.push('| rule | dev flags | dev precision | test flags | test precision |');
  out.push('| --- | --- | --- | --- | --- |');
  for (const [rule, v] of low) {
    const t = base.jfleg.test.perRule[rule];
    out.push(`| ${rule} | ${/** @type {any} */ (v).flags} | ${pct(/** @type {any} */ (v).hits / /** @type {any} */ (v).flags)} | ${t?.flags ?? 0} | ${t ? pct(t.hits / t.flags) : '–'} |`);
  }
  out.push('');
  out.push('## Precision of every rule on JFLEG test');
  out.push('');
  out.push('| rule | category | ' + runs.map(([l]) => `${l}: flags, precision`).join(' | ') + ' |');
  out.push('| --- | --- | ' + runs.map(() => '---').join(' | ') + ' |');
  const rules = [...new Set(runs.flatMap(([, r]) => Object.keys(r.jfleg.test.perRule)))].sort();
  for (const rule of rules) {
    const cat = runs.map(([, r]) => r.jfleg.test.perRule[rule]).filter(Boolean).map((v) => Object.keys(v.categories).join('/')).join(' → ');
    out.push(`| ${rule} | ${cat} | ${runs.map(([, r]) => { const v = r.jfleg.test.perRule[rule]; return v ? `${v.flags}, ${pct(v.hits / v.flags)}` : 'not shown'; }).join(' | ')} |`);
  }
  out.push('');
  return `${out.join('\n')}\n`;
}
