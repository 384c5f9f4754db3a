import { describe, expect, it } from 'vitest';
import { numberWord } from './number-words';

describe('numberWord', () => {
  it.each([
    [0, 'zero'],
    [3, 'three'],
    [15, 'fifteen'],
    [17, 'seventeen'],
    [20, 'twenty'],
    [30, 'thirty'],
    [45, 'forty-five'],
    [99, 'ninety-nine'],
  ])('writes %i as %s', (n, word) => {
    expect(numberWord(n)).toBe(word);
  });

  it.each([100, -1, 2.5])('keeps %s in digits', (n) => {
    expect(numberWord(n)).toBe(String(n));
  });

  it('capitalises for the start of a sentence', () => {
    expect(numberWord(10, { capitalised: true })).toBe('Ten');
  });
});
