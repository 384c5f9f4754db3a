import { attemptSubmissionSchema, type AttemptSubmission } from '@fluent/contracts';

/**
 * A finished test's answers stay in this tab's sessionStorage until the server confirms them, so
 * a failed request, or a reload while it is under way, loses nothing and is sent again with the
 * same submission id (the server then answers with the attempt it already stored).
 */
const keyOf = (testId: number) => `fluent:pending-attempt:${testId}`;

export function savePendingSubmission(testId: number, submission: AttemptSubmission): void {
  try {
    window.sessionStorage.setItem(keyOf(testId), JSON.stringify(submission));
  } catch {
    /* storage full or blocked: the submission is still tried from memory */
  }
}

export function loadPendingSubmission(testId: number): AttemptSubmission | undefined {
  try {
    const raw = window.sessionStorage.getItem(keyOf(testId));
    if (!raw) return undefined;
    const parsed = attemptSubmissionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function clearPendingSubmission(testId: number): void {
  try {
    window.sessionStorage.removeItem(keyOf(testId));
  } catch {
    /* nothing to clear */
  }
}
