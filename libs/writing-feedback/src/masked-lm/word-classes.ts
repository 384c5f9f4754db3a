/** The word lists the tagger (tags.ts) and the confusion sets (confusion-edits.ts) both read. */

/** A lowercased word of letters only: not a number, a piece of punctuation or a contraction's half. */
export const isWord = (w: string | undefined): w is string => w !== undefined && /^[a-z]+$/.test(w);

/** The prepositions a confusion set swaps; a subject's head ends before one ("the list of items"). */
export const PREPOSITIONS = ['in', 'on', 'at', 'for', 'to', 'of', 'with', 'about', 'from'];
export const PREPOSITION_SET: ReadonlySet<string> = new Set(PREPOSITIONS);

/** Words that open a noun phrase before its adjectives and nouns: no article goes after one ("my car", "every day"). */
export const DETERMINERS: ReadonlySet<string> = new Set(['a', 'an', 'the', 'this', 'that', 'these', 'those', 'my', 'your', 'his', 'her', 'its', 'our', 'their', 'some', 'any', 'no', 'every', 'each', 'many', 'much', 'more', 'most', 'few', 'several', 'all', 'both', 'such', 'what', 'which', 'whose', 'another', 'other', 'one', 'two', 'three']);

/** Words after which a verb takes its base form ("can return", "didn't go"): a verb there agrees with no subject. */
export const BASE_FORM_AFTER = new Set(['can', 'could', 'will', 'would', 'shall', 'should', 'may', 'might', 'must', 'do', 'does', 'did', 'to']);
