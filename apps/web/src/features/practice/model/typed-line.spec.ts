import { describe, expect, it } from 'vitest';
import { answersFor, elapsedPerWord, lineFigures, lineOf } from './typed-line';

describe('a line of mistyped words', () => {
  const words = ['receive', 'necessary', 'their'];

  it('is the words one space apart', () => {
    expect(lineOf(words)).toBe('receive necessary their');
  });

  it("gives each word what was typed at its place, '' for a word not reached", () => {
    expect(answersFor(words, '  recieve   necessary ')).toEqual(['recieve', 'necessary', '']);
  });

  it('shares the time out over the words', () => {
    expect(elapsedPerWord(9_000, 3)).toBe(3_000);
    expect(elapsedPerWord(1_000, 0)).toBe(1_000);
  });

  it('scores it as the typing section does: correct words per minute and characters right by position', () => {
    // 3 right words in 6 s = 30 WPM; every character right.
    expect(lineFigures(words, 'receive necessary their', 6_000)).toEqual({ wpm: 30, accuracy: 100 });
    // "recieve": 2 of 23 characters misplaced → 91 %; 2 right words in 6 s = 20 WPM.
    expect(lineFigures(words, 'recieve necessary their', 6_000)).toEqual({ wpm: 20, accuracy: 91 });
  });
});
