import type { FillItem, JumbledItem, SentenceItem } from '@fluent/contracts';
import { normaliseAnswer } from './normalise';

/** Sentence completion: right when the answer equals any acceptable answer, normalised. */
export function isSentenceCorrect(item: Pick<SentenceItem, 'acceptableAnswers'>, answer: string): boolean {
  const given = normaliseAnswer(answer);
  return given !== '' && item.acceptableAnswers.some((accepted) => normaliseAnswer(accepted) === given);
}

/** Fill in the blanks: right when the chosen option is the answer. */
export function isFillCorrect(item: Pick<FillItem, 'answer'>, answer: string): boolean {
  const given = normaliseAnswer(answer);
  return given !== '' && normaliseAnswer(item.answer) === given;
}

/**
 * Jumbled words: right when the sentence equals the answer (or a listed alternative), ignoring
 * case, spacing, the final punctuation and commas; the order of the words is strict.
 * Commas are the learner's own: the jumbled words carry none, and a fronted clause or a moved
 * reporting clause ("To open an account, …", "…, the mechanic said") is right with or without one.
 */
export function isJumbledCorrect(item: Pick<JumbledItem, 'answer' | 'alternatives'>, answer: string): boolean {
  const given = withoutCommas(answer);
  if (given === '') return false;
  return [item.answer, ...(item.alternatives ?? [])].some((accepted) => withoutCommas(accepted) === given);
}

const withoutCommas = (sentence: string): string => normaliseAnswer(sentence.replaceAll(',', ' '));
