import type { PracticeReviewBody, PracticeReviewResult } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * Sends one answer to be checked (POST /api/practice/cards/:id/review). Not retried by itself:
 * a second delivery would be a second review; the learner presses Enter again instead.
 */
export const reviewCard = (cardId: string, body: PracticeReviewBody): Promise<PracticeReviewResult> =>
  apiRequest<PracticeReviewResult>(`/api/practice/cards/${encodeURIComponent(cardId)}/review`, { method: 'POST', body, retry: false });
