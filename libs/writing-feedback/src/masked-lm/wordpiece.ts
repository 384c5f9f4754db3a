/** A BERT vocabulary read for scoring: the pieces of a word, and the special pieces' ids. */
export interface WordPieceVocabulary {
  /** The piece ids of one word as written (lowercased, accents stripped, split at punctuation). */
  pieces(word: string): number[];
  cls: number;
  sep: number;
  mask: number;
  /** Pieces in the vocabulary: the width of the model's answer at a mask. */
  size: number;
}

// BERT's punctuation: ASCII symbols as well as Unicode punctuation.
const isPunctuation = (ch: string) => /[!-/:-@[-`{-~]/.test(ch) || /\p{P}/u.test(ch);
// Each CJK ideograph is a word of its own, as BERT's basic tokenizer has it.
const isCjk = (ch: string) => /[\u{4E00}-\u{9FFF}\u{3400}-\u{4DBF}\u{20000}-\u{2A6DF}\u{2A700}-\u{2B73F}\u{2B740}-\u{2B81F}\u{2B820}-\u{2CEAF}\u{F900}-\u{FAFF}\u{2F800}-\u{2FA1F}]/u.test(ch);
// BERT drops NUL, U+FFFD and control characters other than whitespace before anything else.
const isDropped = (ch: string) => ch === '\0' || ch === '\uFFFD' || (/[\p{Cc}\p{Cf}]/u.test(ch) && !/[\t\n\r]/.test(ch));
/** BERT gives up on a word longer than this and reads it as [UNK]. */
const MAX_WORD_CHARS = 100;

/**
 * BERT's uncased WordPiece tokenizer over its vocabulary file (one piece a line, its id its line
 * number). Written here rather than taken from npm: the packages that have it bring a whole
 * inference framework; this is BERT's published algorithm, and bench/feedback-eval checked it equal
 * to HuggingFace's tokenizers on every word of JFLEG and our own texts.
 */
export function wordPieceVocabulary(vocabText: string): WordPieceVocabulary {
  const lines = vocabText.split('\n').map((piece) => piece.replace(/\r$/, ''));
  // The file's last line break ends the last piece; it starts none.
  if (lines.at(-1) === '') lines.pop();
  const vocab = new Map(lines.map((piece, id) => [piece, id] as const));
  const id = (piece: string) => {
    const found = vocab.get(piece);
    if (found === undefined) throw new Error(`the vocabulary has no ${piece}: is it BERT's vocab.txt?`);
    return found;
  };
  const unknown = id('[UNK]');
  const cache = new Map<string, number[]>();
  const pieces = (text: string): number[] => {
    const seen = cache.get(text);
    if (seen) return seen;
    const normal = text.toLowerCase().normalize('NFD').replace(/\p{Mn}/gu, '');
    const words: string[] = [];
    let current = '';
    for (const ch of normal) {
      if (isDropped(ch)) continue;
      if (/\s/u.test(ch) || isPunctuation(ch) || isCjk(ch)) {
        if (current) words.push(current);
        current = '';
        if (!/\s/u.test(ch)) words.push(ch);
      } else current += ch;
    }
    if (current) words.push(current);
    const ids: number[] = [];
    for (const word of words) ids.push(...wordPieces([...word], vocab, unknown));
    // Learners' words repeat; a cache bounded by the words met keeps the tokenizer out of the cost.
    if (cache.size < 100_000) cache.set(text, ids);
    return ids;
  };
  return { pieces, cls: id('[CLS]'), sep: id('[SEP]'), mask: id('[MASK]'), size: lines.length };
}

/** Longest match first, left to right; a word with a part no piece covers is [UNK] as a whole. */
function wordPieces(chars: string[], vocab: ReadonlyMap<string, number>, unknown: number): number[] {
  if (chars.length > MAX_WORD_CHARS) return [unknown];
  const pieces: number[] = [];
  let start = 0;
  while (start < chars.length) {
    let end = chars.length;
    let found: number | undefined;
    while (start < end) {
      found = vocab.get((start > 0 ? '##' : '') + chars.slice(start, end).join(''));
      if (found !== undefined) break;
      end -= 1;
    }
    if (found === undefined) return [unknown];
    pieces.push(found);
    start = end;
  }
  return pieces;
}
