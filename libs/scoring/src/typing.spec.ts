import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { correctCharacters, correctWords, scoreTyping } from './typing';

const REFERENCE = 'The quick brown fox jumps over the lazy dog.';

describe('scoreTyping (docs/product.md#typing)', () => {
  it.each([
    // [typed, elapsedMs, wpm, accuracy]
    ['', 60_000, 0, 0],
    ['', 0, 0, 0],
    [REFERENCE, 60_000, 9, 100],
    [REFERENCE, 30_000, 18, 100],
    ['The quick brown', 60_000, 3, 100],
    // Elapsed under one second counts as one second: 1 word / (1/60 min) = 60.
    ['The', 0, 60, 100],
    ['The', 400, 60, 100],
    // Position by position: one extra word shifts everything after it.
    ['The very quick', 60_000, 1, 29],
    // 2 of 3 characters right -> 66.67 -> 67.
    ['Thx', 60_000, 0, 67],
    // Rounding of WPM: 2 correct words in 25 s = 4.8 -> 5.
    ['The quick', 25_000, 5, 100],
  ])('%j in %i ms -> %i WPM, %i%%', (typed, elapsed, wpm, accuracy) => {
    expect(scoreTyping(REFERENCE, typed, elapsed)).toEqual({ wpm, accuracy });
  });

  it('counts case and punctuation differences as wrong', () => {
    expect(correctWords(REFERENCE, 'the quick brown fox jumps over the lazy dog')).toBe(7);
    expect(correctCharacters('Dog.', 'dog.')).toBe(3);
  });

  it('keeps accuracy within 0..100', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), fc.nat(600_000), (reference, typed, elapsed) => {
        const { accuracy } = scoreTyping(reference, typed, elapsed);
        return accuracy >= 0 && accuracy <= 100;
      }),
    );
  });

  it('scores identical text 100%', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.nat(600_000), (text, elapsed) => scoreTyping(text, text, elapsed).accuracy === 100),
    );
  });

  it('never lowers WPM when more words are right in the same time', () => {
    const wordArb = fc.stringMatching(/^[a-z]{1,8}$/);
    fc.assert(
      fc.property(fc.array(wordArb, { minLength: 2, maxLength: 40 }), fc.integer({ min: 1000, max: 120_000 }), (words, elapsed) => {
        const reference = words.join(' ');
        let previous = -1;
        for (let n = 0; n <= words.length; n++) {
          // The first n words right, the rest wrong.
          const typed = words.map((w, i) => (i < n ? w : `${w}x`)).join(' ');
          const { wpm } = scoreTyping(reference, typed, elapsed);
          if (wpm < previous) return false;
          previous = wpm;
        }
        return true;
      }),
    );
  });
});
