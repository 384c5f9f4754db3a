import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentOverlap, wordCount } from './writing';

describe('wordCount', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['Dear Ms Patel,', 3],
    ['one\ntwo  three', 3],
  ])('%j -> %i', (text, count) => expect(wordCount(text)).toBe(count));
});

describe('contentOverlap', () => {
  const original = 'The museum will close early on Friday because of a staff training day.';

  it('is 100 for the passage itself and 0 for nothing', () => {
    expect(contentOverlap(original, original)).toBe(100);
    expect(contentOverlap(original, '')).toBe(0);
  });

  it('ignores function words and case', () => {
    // Content words: museum close early friday because staff training day -> "because" is not a stop word.
    expect(contentOverlap(original, 'THE MUSEUM closes')).toBe(13);
    expect(contentOverlap(original, 'the of a on will')).toBe(0);
  });

  it('stays within 0..100', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => {
      const value = contentOverlap(a, b);
      return value >= 0 && value <= 100;
    }));
  });
});
