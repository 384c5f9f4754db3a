import { identity, wordsOf, type Generated, type Sentence } from './generators';
import { nounPhrases } from './phrases';
import { lowerWord, type Token } from './tag';

/**
 * The rule the thirteenth blind review of issue #42 found missing: a first-person comment clause
 * ("I wonder", "I think", "I suppose") set inside the clause it comments on, as a parenthetical
 * after its first phrase: "I wonder who lives in the flat above ours." → "Who, I wonder, lives in
 * the flat above ours?" (commas do not count). Both editors named it; the guide already lets a
 * reporting clause without "that" stand last or in the middle. Like the other phrase rules it runs
 * on every order an item lists.
 */

const lower = lowerWord;

/** Verbs of a speaker's comment on their own clause: "I wonder", "I think", "I suppose" … */
const COMMENT_VERBS = new Set(['wonder', 'think', 'suppose', 'believe', 'guess', 'expect', 'imagine', 'reckon']);
/** After one of these the clause is a complement, not a comment ("I think that …"): it stays. */
const COMPLEMENTISERS = new Set(['that', 'whether', 'if']);

interface CommentClause {
  /** The clause's two words ("I", the verb) and the commented clause without them. */
  clause: number[];
  rest: number[];
}

function commentClauseOf(tokens: readonly Token[]): CommentClause | undefined {
  const n = tokens.length;
  const isComment = (i: number): boolean => lower(tokens[i]) === 'i' && COMMENT_VERBS.has(lower(tokens[i + 1]));
  if (n >= 5 && isComment(0) && !COMPLEMENTISERS.has(lower(tokens[2]))) return { clause: [0, 1], rest: identity(n).slice(2) };
  // Last, it ends the sentence as a comment only after a whole clause: not "… harder than I think",
  // "… what I think", "… for I think".
  const before = tokens[n - 3];
  if (n >= 5 && isComment(n - 2) && !['wh', 'prep', 'conj'].includes(before?.cls ?? '') && !['than', 'as'].includes(lower(before))) return { clause: [n - 2, n - 1], rest: identity(n).slice(0, n - 2) };
  return undefined;
}

/**
 * Where a parenthetical goes in the commented clause (positions in `rest`, never its first or last):
 * after a wh-phrase ("Who | lives …", "Which bus | goes …"), after a subject noun phrase or pronoun
 * ("The train | leaves …"), and after the clause's first verb ("Who lives | in …").
 */
function insertionPoints(tokens: readonly Token[], rest: readonly number[]): number[] {
  const words = rest.map((i) => tokens[i] as Token);
  const points = new Set<number>();
  const phraseAt = (at: number): number | undefined => nounPhrases(words).find((p) => p.start === at)?.end;
  if (words[0]?.cls === 'wh') points.add(phraseAt(1) ?? 1);
  else if (words[0]?.cls === 'pron') points.add(1);
  else {
    const end = phraseAt(0);
    if (end !== undefined) points.add(end);
  }
  const verb = words.findIndex((t) => t.cls === 'verb' || t.cls === 'aux');
  if (verb >= 0) points.add(verb + 1);
  return [...points].filter((p) => p > 0 && p < rest.length).sort((a, b) => a - b);
}

export function commentClauseInside(s: Sentence): Generated[] {
  const { tokens } = s;
  const found = commentClauseOf(tokens);
  if (!found) return [];
  const { clause, rest } = found;
  // A wh-word first makes the whole a question ("Who, I wonder, lives …?"); otherwise the form stays.
  const question = tokens[rest[0] ?? -1]?.cls === 'wh' ? true : s.question;
  return insertionPoints(tokens, rest).map((p) => ({
    words: wordsOf(tokens, [...rest.slice(0, p), ...clause, ...rest.slice(p)]),
    rule: 'comment-clause-inside' as const,
    question,
  }));
}

export function thirteenthReviewCandidates(s: Sentence): Generated[] {
  return commentClauseInside(s);
}
