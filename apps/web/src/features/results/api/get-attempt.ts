import { useQuery } from '@tanstack/react-query';
import type { AttemptResult } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/attempts/:id: a stored attempt's results (404 for an unknown id or someone else's). */
export const getAttempt = (attemptId: string): Promise<AttemptResult> => apiRequest<AttemptResult>(`/api/attempts/${encodeURIComponent(attemptId)}`);

export function useAttempt(attemptId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['attempt', attemptId],
    queryFn: () => getAttempt(attemptId!),
    enabled: enabled && attemptId !== null,
    // A stored attempt never changes.
    staleTime: Infinity,
  });
}
