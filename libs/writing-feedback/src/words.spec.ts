import { describe, expect, it } from 'vitest';
import { contentKeys, paragraphs, sentences, tokens, wordKey } from './words';

describe('words', () => {
  it('gives forms of one word one key: irregular verbs and plurals by lemma, regular forms by stem', () => {
    expect(wordKey('went')).toBe(wordKey('go'));
    expect(wordKey('children')).toBe(wordKey('child'));
    expect(wordKey('carried')).toBe(wordKey('carry'));
    expect(wordKey('painting')).toBe(wordKey('painted'));
    expect(wordKey('library')).not.toBe(wordKey('labour'));
  });

  it('keeps offsets in the text and treats curly apostrophes as straight ones', () => {
    expect(tokens('I can’t go, 2 days.')).toEqual([
      { word: 'I', lower: 'i', offset: 0 },
      { word: 'can’t', lower: "can't", offset: 2 },
      { word: 'go', lower: 'go', offset: 8 },
      { word: '2', lower: '2', offset: 12 },
      { word: 'days', lower: 'days', offset: 14 },
    ]);
  });

  it('leaves function words out of the content', () => {
    expect(contentKeys('The walls are being painted by the workers')).toEqual(['wall', 'paint', 'worker']);
  });

  it('splits sentences at end marks and line breaks, and paragraphs at blank lines', () => {
    expect(sentences('One. Two!\nThree and four')).toEqual(['One.', 'Two!', 'Three and four']);
    expect(paragraphs('Dear Ann,\n\nBody one.\nStill body.\n\nBest')).toHaveLength(3);
    expect(paragraphs('Dear Ann,\nBody.\nBest')).toHaveLength(3);
  });
});
