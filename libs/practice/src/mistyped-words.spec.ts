import { describe, expect, it } from 'vitest';
import { MAX_MISTYPED_WORDS, mistypedWords } from './mistyped-words';

const PARAGRAPH = 'The bus to the station leaves at nine, and the next one comes an hour later.';

describe('mistypedWords', () => {
  it('finds each word typed wrong in its place, with what was typed', () => {
    expect(mistypedWords(PARAGRAPH, 'The bus to teh station leavs at nine, and the next one comes an hour later.')).toEqual([
      { word: 'the', typed: 'teh' },
      { word: 'leaves', typed: 'leavs' },
    ]);
  });

  it('aligns the words, so a skipped word does not make every later word mistyped', () => {
    expect(mistypedWords(PARAGRAPH, 'The bus the station leaves at nien, and the next one comes an hour later.')).toEqual([{ word: 'nine', typed: 'nien,' }]);
  });

  it('ignores words never reached and a last word still being typed, but not a wrong last word', () => {
    expect(mistypedWords(PARAGRAPH, 'The bus to the sta')).toEqual([]);
    expect(mistypedWords(PARAGRAPH, 'The bus to the stat ')).toEqual([{ word: 'station', typed: 'stat' }]);
    expect(mistypedWords(PARAGRAPH, 'The bus to the stx')).toEqual([{ word: 'station', typed: 'stx' }]);
  });

  it('keeps the case of the paragraph, drops the punctuation around a word, and makes no card for punctuation alone', () => {
    expect(mistypedWords(PARAGRAPH, 'the bus to the station leaves at nine and the next one comes an hour later.')).toEqual([{ word: 'The', typed: 'the' }]);
  });

  it('lists a word once however often it was mistyped, compared in lower case', () => {
    expect(mistypedWords('The cat saw the dog and the bird.', 'Teh cat saw teh dog and hte bird.')).toEqual([{ word: 'The', typed: 'Teh' }]);
  });

  it(`keeps at most ${MAX_MISTYPED_WORDS} words, in paragraph order`, () => {
    const words = Array.from({ length: 30 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`);
    const found = mistypedWords(words.join(' '), words.map((w) => `${w}x`).join(' '));
    expect(found).toHaveLength(MAX_MISTYPED_WORDS);
    expect(found.map((f) => f.word)).toEqual(words.slice(0, MAX_MISTYPED_WORDS));
  });

  it('finds nothing in a blank typing section', () => {
    expect(mistypedWords(PARAGRAPH, '')).toEqual([]);
  });
});
