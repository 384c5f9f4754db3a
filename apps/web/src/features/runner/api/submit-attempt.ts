import type { AttemptResult, AttemptSubmission } from '@fluent/contracts';
import { ApiError, apiRequest } from '@/lib/api-client';

/** POST /api/tests/:id/attempts: scores and stores the answers, answers with the results. */
export const submitAttempt = (testId: number, submission: AttemptSubmission): Promise<AttemptResult> =>
  apiRequest<AttemptResult>(`/api/tests/${testId}/attempts`, { method: 'POST', body: submission });

/**
 * Worth trying again: no answer, a timeout, a rate limit, a server-side failure, or a session
 * being refreshed. Anything else (a refusal: 400, 403, 404, 409) would fail the same way again.
 */
export function isPassingFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500;
}
