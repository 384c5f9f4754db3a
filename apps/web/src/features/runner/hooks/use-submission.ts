import { useEffect, useRef } from 'react';
import type { AttemptResult } from '@fluent/contracts';
import { isPassingFailure, submitAttempt } from '../api/submit-attempt';
import { clearPendingSubmission, savePendingSubmission } from '../lib/pending-submission';
import { toTestAnswers, type RunnerState } from '../model/test-flow';
import type { RunnerActions } from './use-test-runner';

const messageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

/**
 * Sends the finished test each time the reducer asks for a try (same submission id every time),
 * keeping the answers in sessionStorage until the server has them.
 */
export function useSubmission(state: RunnerState, act: RunnerActions, onDone: (result: AttemptResult) => void): void {
  const { stage, testId, submissionId, answers } = state;
  const sendingTry = stage.kind === 'finished' && stage.submission.state === 'sending' ? stage.submission.tries : 0;
  const latest = useRef({ answers, onDone, act });
  latest.current = { answers, onDone, act };

  useEffect(() => {
    if (sendingTry === 0) return;
    const submission = { submissionId, answers: toTestAnswers(latest.current.answers) };
    savePendingSubmission(testId, submission);
    let current = true;
    submitAttempt(testId, submission).then(
      (result) => {
        clearPendingSubmission(testId);
        if (!current) return;
        latest.current.act.submitSucceeded(result.attemptId);
        latest.current.onDone(result);
      },
      (error: unknown) => {
        const retryable = isPassingFailure(error);
        if (!retryable) clearPendingSubmission(testId);
        if (current) latest.current.act.submitFailed(messageOf(error), retryable);
      },
    );
    return () => {
      current = false;
    };
  }, [sendingTry, submissionId, testId]);
}
