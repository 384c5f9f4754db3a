import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_COUNT } from '@fluent/contracts';
import { testFileSchema, type TestFile } from './schema';
import { comparable } from './text';
import { findNearDuplicates, type Entry } from './duplicates';
import { answerLeaks } from './answer-leaks';
import { answerFormProblems } from './answer-forms';

/**
 * Checks every data file against the content rules, one test per file, reading the folder rather
 * than the bundled index so that a stray or misnamed file is caught too.
 * One file alone: `cd libs/question-bank && npx vitest run content -t test-07`.
 */
const DIR = join(__dirname, 'data', 'tests');
const fileNames = readdirSync(DIR).filter((name) => name.endsWith('.json')).sort();
const raw = new Map(fileNames.map((name) => [name, JSON.parse(readFileSync(join(DIR, name), 'utf8')) as unknown]));

function describeIssues(name: string, data: unknown): string[] {
  const result = testFileSchema.safeParse(data);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const where = issue.path.join('.');
    // Show the text the issue is about, so a writer can find it without counting array slots.
    let node: unknown = data;
    for (const key of issue.path.slice(0, 2)) node = (node as Record<PropertyKey, unknown> | undefined)?.[key as PropertyKey];
    return `${name} ${where}: ${issue.message}\n    ${JSON.stringify(node)?.slice(0, 300)}`;
  });
}

describe('question bank content', () => {
  it('has one file per test, test-01.json .. test-20.json', () => {
    expect(fileNames).toEqual(Array.from({ length: TEST_COUNT }, (_, i) => `test-${String(i + 1).padStart(2, '0')}.json`));
  });

  for (const [name, data] of raw) {
    it(`${name.replace('.json', '')} follows the content rules`, () => {
      const issues = describeIssues(name, data);
      expect(issues, issues.join('\n')).toEqual([]);
      expect((data as TestFile).test).toBe(Number(name.slice(5, 7)));
    });
  }

  const parsed = [...raw.entries()].flatMap(([name, data]) => {
    const result = testFileSchema.safeParse(data);
    return result.success ? [{ name, file: result.data }] : [];
  });

  const entries: Entry[] = parsed.flatMap(({ name, file }) => [
    { where: `${name} typing`, text: file.typing.paragraph },
    ...file.sentences.map((s) => ({ where: `${name} sentence ${s.id}`, text: s.question })),
    ...file.fills.map((s) => ({ where: `${name} fill ${s.id}`, text: s.question })),
    ...file.jumbled.map((s) => ({ where: `${name} jumbled ${s.id}`, text: s.answer })),
    ...file.passages.map((s) => ({ where: `${name} passage ${s.id}`, text: s.sentences })),
    { where: `${name} email`, text: file.email.prompt },
  ]);

  it('never repeats an item, within a test or across tests', () => {
    const seen = new Map<string, string>();
    const repeats: string[] = [];
    for (const { where, text } of entries) {
      const key = comparable(text);
      const first = seen.get(key);
      if (first) repeats.push(`${where} repeats ${first}: ${text}`);
      else seen.set(key, where);
    }
    expect(repeats, repeats.join('\n')).toEqual([]);
  });

  it('has no near copies (same content words in a different dress)', () => {
    const pairs = findNearDuplicates(entries);
    expect(pairs, pairs.join('\n')).toEqual([]);
  });

  it("never shows an item's answer in another item of the same test", () => {
    const leaks = parsed.flatMap(({ file }) => answerLeaks(file));
    expect(leaks, leaks.join('\n')).toEqual([]);
  });

  it('lists every alternative the jumbled audit added, and the audit covers every jumbled item', () => {
    const audit = JSON.parse(readFileSync(join(__dirname, '..', 'audit', 'jumbled-2026-11.json'), 'utf8')) as {
      items: Array<{ id: number; answer: string; added: Array<{ sentence: string }> }>;
    };
    const jumbled = new Map(parsed.flatMap(({ file }) => file.jumbled).map((item) => [item.id, item]));
    expect(audit.items.map((i) => i.id)).toEqual([...jumbled.keys()]);
    const missing = audit.items.flatMap((logged) => {
      const item = jumbled.get(logged.id);
      const accepted = new Set([item?.answer, ...(item?.alternatives ?? [])].map((s) => comparable(s ?? '')));
      return logged.added.filter((a) => !accepted.has(comparable(a.sentence))).map((a) => `jumbled ${logged.id}: "${a.sentence}"`);
    });
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('carries out the full review of 2026-11-26: every order it accepted is listed, none it refused is', () => {
    const review = JSON.parse(readFileSync(join(__dirname, '..', 'audit', 'jumbled-full-review-2026-11-26.json'), 'utf8')) as {
      items: Array<{ id: number; sentence: string; decision: 'accept' | 'refuse' }>;
    };
    const jumbled = new Map(parsed.flatMap(({ file }) => file.jumbled).map((item) => [item.id, item]));
    expect(review.items.length).toBeGreaterThan(0);
    const problems = review.items.flatMap(({ id, sentence, decision }) => {
      const item = jumbled.get(id);
      if (!item) return [`jumbled ${id}: not in the bank`];
      const listed = [item.answer, ...(item.alternatives ?? [])].map(comparable).includes(comparable(sentence));
      if (decision === 'accept' && !listed) return [`jumbled ${id}: "${sentence}" was accepted but is not listed`];
      if (decision === 'refuse' && listed) return [`jumbled ${id}: "${sentence}" was refused but is listed`];
      return [];
    });
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('lists negatives in full and contracted and never keys a "get" passive (CONTENT-GUIDE.md)', () => {
    const problems = parsed.flatMap(({ file }) =>
      file.sentences.flatMap((s) => answerFormProblems(s.acceptableAnswers).map((p) => `sentence ${s.id}: ${p}`)),
    );
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
