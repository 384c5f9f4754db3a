// @ts-check
/**
 * The corpora the feedback evaluation reads, from a folder outside the repository (their licences
 * are non-commercial, so they are never committed):
 *
 * - `jfleg/{dev,test}/{dev,test}.{src,ref0..3}`: JFLEG (keisks/jfleg), learner sentences, tokenized,
 *   each with four human corrections.
 * - `dress/DREsS_New.tsv`: DREsS_New (EFL essays of university students, rated 1-5 in steps of .5 for
 *   content, organization and language by trained raters).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** @typedef {{ id: number, tokens: string[], refs: string[][] }} JflegSentence */
/** @typedef {{ id: string, essay: string, content: number, organization: number, language: number, total: number }} RatedEssay */

const lines = (/** @type {string} */ file) => readFileSync(file, 'utf8').replace(/\n$/, '').split('\n');
const split = (/** @type {string} */ line) => line.trim().split(/\s+/).filter(Boolean);

/** @param {string} root @param {'dev' | 'test'} part @returns {JflegSentence[]} */
export function loadJfleg(root, part) {
  const dir = join(root, 'jfleg', part);
  const src = lines(join(dir, `${part}.src`));
  const refs = [0, 1, 2, 3].map((k) => lines(join(dir, `${part}.ref${k}`)));
  if (refs.some((r) => r.length !== src.length)) throw new Error(`JFLEG ${part}: the references do not have one line per sentence`);
  return src.map((line, id) => ({ id, tokens: split(line), refs: refs.map((r) => split(r[id] ?? '')) }));
}

/** A minimal TSV reader for DREsS (quoted fields may hold tabs, line breaks and doubled quotes). */
function parseTsv(/** @type {string} */ text) {
  /** @type {string[][]} */
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === '\t') endField();
    else if (c === '\n') {
      endField();
      rows.push(row);
      row = [];
    } else if (c !== '\r') field += c;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

/** DREsS_New essays with all four scores (rows missing a score are left out). @returns {RatedEssay[]} */
export function loadDress(/** @type {string} */ root) {
  const file = join(root, 'dress', 'DREsS_New.tsv');
  if (!existsSync(file)) throw new Error(`${file} is missing (see docs/incoming/43-feedback-eval.md)`);
  const [head, ...rows] = parseTsv(readFileSync(file, 'utf8'));
  const at = (/** @type {string} */ name) => head.indexOf(name);
  const num = (/** @type {string | undefined} */ v) => (v === undefined || v.trim() === '' ? NaN : Number(v));
  return rows
    .map((r) => ({
      id: r[at('id')] ?? '',
      essay: (r[at('essay')] ?? '').trim(),
      content: num(r[at('content')]),
      organization: num(r[at('organization')]),
      language: num(r[at('language')]),
      total: num(r[at('total')]),
    }))
    .filter((e) => e.essay && [e.content, e.organization, e.language, e.total].every(Number.isFinite));
}

/** A seeded shuffle (mulberry32 + Fisher-Yates): the same sample on every run. */
export function seededShuffle(/** @type {readonly any[]} */ items, /** @type {number} */ seed) {
  let s = seed >>> 0;
  const random = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
