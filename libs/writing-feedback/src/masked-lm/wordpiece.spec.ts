import { describe, expect, it } from 'vitest';
import { wordPieceVocabulary } from './wordpiece';

const PIECES = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]', 'play', '##ing', '##s', 'cafe', "'", 'n', '##t', 'don', '.', 'un', '##believ', '##able'];
const vocabulary = wordPieceVocabulary(PIECES.join('\n'));
const read = (word: string) => vocabulary.pieces(word).map((id) => PIECES[id]);

describe("BERT's uncased WordPiece tokenizer", () => {
  it('lowercases and takes the longest piece first, the rest as ## pieces', () => {
    expect(read('Playing')).toEqual(['play', '##ing']);
    expect(read('plays')).toEqual(['play', '##s']);
    expect(read('unbelievable')).toEqual(['un', '##believ', '##able']);
  });

  it('strips accents and splits at punctuation, keeping the mark as a piece', () => {
    expect(read('Café.')).toEqual(['cafe', '.']);
    expect(read("don't")).toEqual(['don', "'", '[UNK]']);
  });

  it('reads a word with a part no piece covers as one [UNK], and drops control characters', () => {
    expect(read('playx')).toEqual(['[UNK]']);
    expect(read('pla\u0007y')).toEqual(['play']);
  });

  it('knows the special pieces, and refuses a file without them', () => {
    expect([vocabulary.cls, vocabulary.sep, vocabulary.mask]).toEqual([2, 3, 4]);
    expect(() => wordPieceVocabulary('a\nb')).toThrow('the vocabulary has no [UNK]');
  });
});
