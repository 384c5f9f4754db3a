import type { AttemptResult, AttemptSummary } from '@fluent/contracts';
import type { Attempt } from './attempt.schema';

export type StoredAttempt = Attempt & { _id: { toString(): string } };

const tally = ({ correct, total }: { correct: number; total: number }) => ({ correct, total });

/** The results screen's payload (SPEC.md §3's results plus our scores) from a stored attempt. */
export function toAttemptResult(attempt: StoredAttempt): AttemptResult {
  const { answers, score } = attempt;
  return {
    attemptId: attempt._id.toString(),
    testId: attempt.testId,
    submittedAt: attempt.submittedAt.toISOString(),
    typingResults: { wpm: score.typing.wpm, accuracy: score.typing.accuracy },
    sentenceAnswers: answers.sentenceAnswers,
    fillAnswers: answers.fillAnswers,
    jumbledAnswers: answers.jumbledAnswers,
    passageInputs: answers.passageInputs,
    emailInput: answers.emailInput,
    questions: attempt.questions,
    score,
  };
}

/** One line of the learner's history. */
export function toAttemptSummary(attempt: Pick<StoredAttempt, '_id' | 'testId' | 'submittedAt' | 'score'>): AttemptSummary {
  const { score } = attempt;
  return {
    attemptId: attempt._id.toString(),
    testId: attempt.testId,
    submittedAt: attempt.submittedAt.toISOString(),
    wpm: score.typing.wpm,
    accuracy: score.typing.accuracy,
    sections: { sentences: tally(score.sentences), fills: tally(score.fills), jumbled: tally(score.jumbled) },
    total: tally(score.total),
  };
}
