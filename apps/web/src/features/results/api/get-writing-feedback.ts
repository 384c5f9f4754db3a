import { useQuery } from '@tanstack/react-query';
import { FEEDBACK_PENDING_MESSAGE, type FeedbackResponse } from '@fluent/contracts';
import { ApiError, apiRequest } from '@/lib/api-client';

/**
 * GET /api/attempts/:id/feedback: 200 ready, 202 pending (feedback-service is preparing it), 404
 * for an unknown attempt or someone else's. While the service or the network is away (no answer,
 * 5xx) the feedback is still coming: shown as pending, asked again.
 */
export async function getWritingFeedback(attemptId: string): Promise<FeedbackResponse> {
  try {
    return await apiRequest<FeedbackResponse>(`/api/attempts/${encodeURIComponent(attemptId)}/feedback`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 0 || error.status >= 500 || error.status === 429)) return { status: 'pending', message: FEEDBACK_PENDING_MESSAGE };
    throw error;
  }
}

/** Polls while pending: 1 s, 2 s, 4 s … at most 15 s between asks; stops once ready. */
export function pollDelay(polls: number): number {
  return Math.min(15_000, 1000 * 2 ** Math.max(0, polls));
}

export function useWritingFeedback(attemptId: string) {
  return useQuery({
    queryKey: ['writing-feedback', attemptId],
    queryFn: () => getWritingFeedback(attemptId),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? pollDelay(query.state.dataUpdateCount - 1) : false),
    // Background tabs keep asking (slowly, as above): the learner comes back to the feedback.
    refetchIntervalInBackground: true,
    staleTime: Infinity,
  });
}
