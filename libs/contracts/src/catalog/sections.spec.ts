import { describe, expect, it } from 'vitest';
import { SECTION_KEYS, SECTION_NAMES, SECTION_SIZES, SECTION_TIMINGS_MS, sectionNumber } from './sections';

describe('the sections of a mock test (docs/product.md#sections-and-timings)', () => {
  it('are the six sections, in the order they are taken', () => {
    expect(SECTION_KEYS.map((key) => `${sectionNumber(key)}. ${SECTION_NAMES[key]}`)).toEqual([
      '1. Typing Test',
      '2. Sentence Completion',
      '3. Fill in the Blanks',
      '4. Jumbled Words',
      '5. Passage Reconstruction',
      '6. Email Writing',
    ]);
  });

  it('hold 1 typing paragraph, 10 sentence, 10 fill and 15 jumbled items, 3 passages and 1 email prompt: 40 items', () => {
    expect(SECTION_SIZES).toEqual({ typing: 1, sentences: 10, fills: 10, jumbled: 15, passages: 3, emails: 1 });
    expect(Object.values(SECTION_SIZES).reduce((sum, n) => sum + n, 0)).toBe(40);
  });

  it('time typing at 60 s, each question at 30 s, a passage at 30 s reading and 90 s writing, the email at 300 s', () => {
    expect(SECTION_TIMINGS_MS).toEqual({ typing: 60_000, question: 30_000, passageRead: 30_000, passageWrite: 90_000, email: 300_000 });
  });
});
