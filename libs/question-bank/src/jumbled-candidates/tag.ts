import nlp from 'compromise';

/**
 * The word classes the candidate generators work with. Closed classes (determiners, possessives,
 * pronouns, auxiliaries, wh-words) come from lists, where a list is exact; open classes come from
 * compromise's tagger.
 */
export type WordClass =
  | 'det'
  | 'poss'
  | 'pron'
  | 'adj'
  | 'noun'
  | 'proper'
  | 'num'
  | 'verb'
  | 'aux'
  | 'adv'
  | 'prep'
  | 'to'
  | 'wh'
  | 'conj'
  | 'other';

export interface Token {
  /** The word as the jumbled pieces write it (lower case except names and "I"). */
  word: string;
  cls: WordClass;
  plural: boolean;
  /** The tagger reads it as a person ("people", "children", a name): who can do what a verb says. */
  person: boolean;
}

const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'these', 'those', 'every', 'each', 'some', 'any', 'no', 'another', 'all', 'both', 'such']);
const POSSESSIVES = new Set(['my', 'your', 'his', 'our', 'their', 'its']);
const PRONOUNS = new Set(['i', 'me', 'you', 'he', 'him', 'she', 'we', 'us', 'they', 'them', 'it', 'myself', 'yourself', 'himself', 'herself', 'ourselves', 'themselves']);
const AUXILIARIES = new Set(
  'is are was were am be been has have had do does did can could will would shall should may might must isn\'t aren\'t wasn\'t weren\'t hasn\'t haven\'t hadn\'t don\'t doesn\'t didn\'t can\'t couldn\'t won\'t wouldn\'t shouldn\'t mustn\'t'.split(' '),
);
const WH_WORDS = new Set(['what', 'which', 'who', 'whom', 'whose', 'where', 'when', 'why', 'how', 'whether']);
const PREPOSITIONS = new Set(
  'about above across after along among around at before behind below beside between by during except for from in inside into near of off on onto outside over since than through throughout towards under until up upon with within without'.split(' '),
);
const CONJUNCTIONS = new Set(['and', 'but', 'or', 'that', 'if', 'because', 'so', 'while', 'unless', 'although']);

/** Object pronouns that can move to another object slot ("told me …", "took us …"). */
export const MOVABLE_OBJECT_PRONOUNS = new Set(['me', 'him', 'her', 'us', 'them']);

/** A token's word in lower case ('' for none): the generators compare words case-blind. */
export const lowerWord = (t: Token | undefined): string => t?.word.toLowerCase() ?? '';

/**
 * Tags the words of one sentence. `words` are the answer's words with the case of the jumbled
 * pieces, so a capital marks a name (or "I"), never the start of the sentence.
 */
export function tagWords(words: readonly string[]): Token[] {
  const text = words.join(' ');
  const starts = words.map((_, i) => words.slice(0, i).join(' ').length + (i > 0 ? 1 : 0));
  const terms = nlp(text).json({ offset: true, terms: { tags: true, offset: true } }) as Array<{
    terms: Array<{ tags: string[]; offset: { start: number } }>;
  }>;
  // A contraction ("don't", "I'm") is two terms in one word: the word takes its first term's tags.
  const tags = words.map(() => new Set<string>());
  const filled = new Set<number>();
  for (const term of terms.flatMap((s) => s.terms)) {
    const w = starts.findLastIndex((start) => start <= term.offset.start);
    if (w < 0 || filled.has(w)) continue;
    filled.add(w);
    term.tags.forEach((tag) => tags[w]?.add(tag));
  }
  const tokens = words.map((word, i) => ({ word, cls: classOf(word, tags[i] ?? new Set<string>(), words[i + 1], tags[i + 1]), plural: tags[i]?.has('Plural') ?? false, person: (tags[i]?.has('Actor') ?? false) || (tags[i]?.has('Person') ?? false) }));
  return repairHeads(tokens);
}

function classOf(word: string, tags: Set<string>, next: string | undefined, nextTags: Set<string> | undefined): WordClass {
  const lower = word.toLowerCase();
  if (lower === 'her') return next !== undefined && nextTags !== undefined && isNominal(nextTags) && !PRONOUNS.has(next.toLowerCase()) ? 'poss' : 'pron';
  if (lower === 'that') return tags.has('Determiner') ? 'det' : 'conj';
  if (lower === 'to') return nextTags !== undefined && nextTags.has('Verb') && !nextTags.has('Gerund') ? 'to' : 'prep';
  if (DETERMINERS.has(lower)) return 'det';
  if (POSSESSIVES.has(lower) || /'s$/.test(lower) && !PRONOUNS.has(lower.slice(0, -2)) && lower !== "let's" && lower !== "it's") return 'poss';
  if (PRONOUNS.has(lower)) return 'pron';
  if (AUXILIARIES.has(lower)) return 'aux';
  // Other contractions ("I'm", "let's", "it's", "I'd") are a subject and a verb in one word.
  if (/'(m|re|ll|ve|d|s)$/.test(lower)) return 'other';
  if (WH_WORDS.has(lower)) return 'wh';
  if (CONJUNCTIONS.has(lower)) return 'conj';
  if (PREPOSITIONS.has(lower)) return 'prep';
  if (tags.has('Value')) return 'num';
  if (/^[A-Z]/.test(word) && word !== 'I') return 'proper';
  if (tags.has('Adjective') || tags.has('Demonym')) return 'adj';
  if (tags.has('Verb')) return tags.has('Gerund') && tags.has('Noun') ? 'noun' : 'verb';
  if (tags.has('Noun')) return 'noun';
  if (tags.has('Adverb')) return 'adv';
  return 'other';
}

function isNominal(tags: Set<string>): boolean {
  return tags.has('Noun') || tags.has('Adjective') || tags.has('Value') || tags.has('Demonym');
}

/**
 * A determiner and adjectives followed by a word the tagger read as an adverb ("her injured
 * back") end in that word as a noun when nothing nominal follows it.
 */
function repairHeads(tokens: Token[]): Token[] {
  return tokens.map((t, i) => {
    const before = tokens[i - 1];
    const after = tokens[i + 1];
    const endsPhrase = after === undefined || after.cls === 'prep' || after.cls === 'conj';
    if (t.cls === 'adv' && before?.cls === 'adj' && endsPhrase && hasDeterminerBefore(tokens, i)) return { ...t, cls: 'noun' };
    return t;
  });
}

function hasDeterminerBefore(tokens: readonly Token[], i: number): boolean {
  for (let j = i - 1; j >= 0; j--) {
    const cls = tokens[j]?.cls;
    if (cls === 'det' || cls === 'poss') return true;
    if (cls !== 'adj' && cls !== 'noun' && cls !== 'proper') return false;
  }
  return false;
}
