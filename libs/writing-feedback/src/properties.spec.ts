import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SKILLS } from '@fluent/contracts';
import { emailFeedback } from './email';
import { languageReport, type CheckerMatch } from './language';
import { passageFeedback } from './passage';
import { skillProfile } from './profile';
import { ORIGINAL, POINTS, rankOf } from './testing/fixtures';

const inBounds = (n: number | null) => n === null || (Number.isFinite(n) && n >= 0 && n <= 100);
/** Any string, including emoji, other scripts and stray line breaks. */
const anyText = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), fc.lorem({ maxCount: 60 }));
const anyMatch: fc.Arbitrary<CheckerMatch> = fc.record({
  offset: fc.integer({ min: -5, max: 400 }),
  length: fc.integer({ min: -2, max: 50 }),
  ruleId: fc.constantFrom('MORFOLOGIK_RULE_EN_GB', 'HE_VERB_AGR', 'X'),
  categoryId: fc.constantFrom('TYPOS', 'GRAMMAR', 'STYLE', 'PUNCTUATION', ''),
  message: fc.string(),
  replacements: fc.array(fc.string(), { maxLength: 5 }),
});
const anyTally = fc.integer({ min: 0, max: 15 }).chain((total) => fc.record({ correct: fc.integer({ min: 0, max: total }), total: fc.constant(total) }));

describe('writing feedback on any input', () => {
  it('never throws, and every figure stays within 0-100, whatever the text and the checker say', () => {
    fc.assert(
      fc.property(anyText, anyText, fc.array(anyMatch, { maxLength: 8 }), anyTally, anyTally, anyTally, (passage, email, matches, s, f, j) => {
        const p = passageFeedback(0, ORIGINAL, passage, { matches });
        const e = emailFeedback(POINTS, email, { matches }, rankOf);
        const profile = skillProfile({ sentences: s, fills: f, jumbled: j }, [p, p, p], e);
        for (const n of [p.recall, p.score, p.orderKept, p.language.accuracy, e.score, e.register.score, e.organization.score, e.vocabulary.score, ...SKILLS.map((k) => profile[k].score)]) {
          expect(inBounds(n)).toBe(true);
        }
        for (const issue of [...p.language.issues, ...e.language.issues]) {
          expect(issue.offset).toBeGreaterThanOrEqual(0);
          expect(issue.length).toBeGreaterThan(0);
        }
        expect(p.language.issues.every((i) => i.offset + i.length <= passage.length)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the issues in order and apart, so the text can be underlined', () => {
    fc.assert(
      fc.property(anyText, fc.array(anyMatch, { maxLength: 12 }), (text, matches) => {
        const issues = languageReport(text, { matches }).issues;
        for (let i = 1; i < issues.length; i += 1) expect(issues[i]!.offset).toBeGreaterThanOrEqual(issues[i - 1]!.offset + issues[i - 1]!.length);
      }),
    );
  });

  it('never scores a reconstruction above the passage written back in full', () => {
    const full = passageFeedback(0, ORIGINAL, ORIGINAL).score;
    fc.assert(
      fc.property(anyText, (text) => {
        expect(passageFeedback(0, ORIGINAL, text).score).toBeLessThanOrEqual(full);
      }),
    );
  });
});
