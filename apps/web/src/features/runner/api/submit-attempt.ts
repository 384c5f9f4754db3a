import type { AttemptResult, AttemptSubmission } from '@fluent/contracts';
import { ApiError, apiRequest } from '@/lib/api-client';

/**
 * POST /api/tests/:id/attempts: scores and stores the answers, answers with the results. Tried
 * again through a short outage like a GET: the submission id makes a repeat answer the attempt
 * already stored, never a second one.
 */
export const submitAttempt = (testId: number, submission: AttemptSubmission): Promise<AttemptResult> =>
  apiRequest<AttemptResult>(`/api/tests/${testId}/attempts`, { method: 'POST', body: submission, retry: true });

/**
 * Worth trying again: no answer, a timeout, a rate limit, a server-side failure, or a session
 * being refreshed. Anything else (a refusal: 400, 403, 404, 409) would fail the same way again.
 */
export function isPassingFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500;
}
