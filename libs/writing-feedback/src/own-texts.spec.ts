import { describe, expect, it } from 'vitest';
import ownTexts from '../fixtures/own-texts.json';
import { ISSUE_CATEGORIES } from '@fluent/contracts';

// The shape of our own text set (tests/integration/own-texts.spec.ts checks it against LanguageTool):
// enough texts of each kind, every mark on a word the text has, and clean texts with no error.
describe('our own learner texts', () => {
  const { texts } = ownTexts as { texts: { id: string; kind: string; text: string; issues: { word: string; category: string; rule?: string; note?: string; unplanted?: string }[] }[] };
  const slips = texts.filter((t) => t.id.startsWith('slip-'));
  const clean = texts.filter((t) => t.id.startsWith('clean-'));

  it('has 60+ texts with planted errors and 30+ clean ones, passages and emails, each id once', () => {
    expect(slips.length).toBeGreaterThanOrEqual(60);
    expect(clean.length).toBeGreaterThanOrEqual(30);
    expect(slips.length + clean.length).toBe(texts.length);
    expect(new Set(texts.map((t) => t.id)).size).toBe(texts.length);
    for (const group of [slips, clean]) expect(new Set(group.map((t) => t.kind))).toEqual(new Set(['passage', 'email']));
  });

  it('marks at least one error in every text with errors, and none but variants in a clean one', () => {
    for (const t of slips) expect(t.issues.filter((i) => i.category !== 'variant').length, t.id).toBeGreaterThan(0);
    for (const t of clean) expect(t.issues.filter((i) => i.category !== 'variant'), t.id).toEqual([]);
  });

  it('marks words the text has, in the order they come, each with a category and a rule or a note', () => {
    for (const t of texts) {
      let from = 0;
      for (const issue of t.issues) {
        const at = t.text.indexOf(issue.word, from);
        expect(at, `${t.id}: "${issue.word}"`).toBeGreaterThanOrEqual(0);
        from = at + 1;
        expect([...ISSUE_CATEGORIES, 'variant']).toContain(issue.category);
        expect(Boolean(issue.rule) !== Boolean(issue.note), `${t.id}: "${issue.word}" has a rule or a note`).toBe(true);
        if (issue.note) expect(issue.note).toBe('not found by LanguageTool');
      }
    }
  });
});
