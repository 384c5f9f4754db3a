import type { AttemptResult, AttemptSummary } from '@fluent/contracts';
import type { Attempt, AttemptDetail, AttemptRecord } from './attempt.schema';

type WithId = { _id: { toString(): string } };
export type StoredAttempt = Attempt & WithId;
export type StoredAttemptDetail = Omit<AttemptDetail, '_id'> & WithId;

/** The results screen's payload (SPEC.md §3's results plus our scores) from a stored attempt's detail. */
export function toAttemptResult(detail: AttemptRecord): AttemptResult {
  const { answers, score } = detail;
  return {
    attemptId: detail._id.toString(),
    testId: detail.testId,
    submittedAt: detail.submittedAt.toISOString(),
    typingResults: { wpm: score.typing.wpm, accuracy: score.typing.accuracy },
    sentenceAnswers: answers.sentenceAnswers,
    fillAnswers: answers.fillAnswers,
    jumbledAnswers: answers.jumbledAnswers,
    passageInputs: answers.passageInputs,
    emailInput: answers.emailInput,
    questions: detail.questions,
    score,
  };
}

/** One line of the learner's history. */
export function toAttemptSummary(attempt: Pick<StoredAttempt, '_id' | 'testId' | 'submittedAt' | 'figures'>): AttemptSummary {
  return {
    attemptId: attempt._id.toString(),
    testId: attempt.testId,
    submittedAt: attempt.submittedAt.toISOString(),
    ...attempt.figures,
  };
}
