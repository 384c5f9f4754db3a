import type { AttemptResult, AttemptSummary, AttemptWriting, EmailPoint } from '@fluent/contracts';
import type { Attempt, AttemptDetail, AttemptRecord } from './attempt.schema';

type WithId = { _id: { toString(): string } };
export type StoredAttempt = Attempt & WithId;
export type StoredAttemptDetail = Omit<AttemptDetail, '_id'> & WithId;

/** The results screen's payload (the results of docs/product.md#what-is-stored, our scores included) from a stored attempt's detail. */
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
    ...(detail.reviews?.length ? { reviews: detail.reviews } : {}),
  };
}

/** One line of the learner's history. */
export function toAttemptSummary(attempt: Pick<StoredAttempt, '_id' | 'testId' | 'submittedAt' | 'figures' | 'reviews'>): AttemptSummary {
  return {
    attemptId: attempt._id.toString(),
    testId: attempt.testId,
    submittedAt: attempt.submittedAt.toISOString(),
    ...attempt.figures,
    ...(attempt.reviews?.length ? { reviews: attempt.reviews } : {}),
  };
}

/**
 * What feedback-service checks of an attempt: the texts beside their originals and the prompt, and
 * the section tallies. Points come with the questions as asked; an attempt stored before the bank
 * had points takes the test's current ones.
 */
export function toAttemptWriting(detail: AttemptRecord, currentPoints: EmailPoint[] = []): AttemptWriting {
  const { answers, score, questions } = detail;
  const tally = ({ correct, total }: { correct: number; total: number }) => ({ correct, total });
  return {
    attemptId: detail._id.toString(),
    uid: detail.uid,
    testId: detail.testId,
    submittedAt: detail.submittedAt.toISOString(),
    passages: questions.passages.map((p, i) => ({ original: p.sentences, text: answers.passageInputs[i] ?? '' })),
    email: { prompt: questions.email.prompt, points: questions.email.points ?? currentPoints, text: answers.emailInput },
    sections: { sentences: tally(score.sentences), fills: tally(score.fills), jumbled: tally(score.jumbled) },
  };
}
