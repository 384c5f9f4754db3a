import { useQuery } from '@tanstack/react-query';
import type { PublicTest } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/tests/:id: the test without its answers (403 for a locked premium test). */
export const getTest = (testId: number): Promise<PublicTest> => apiRequest<PublicTest>(`/api/tests/${testId}`);

export function useTest(testId: number, enabled = true) {
  // One load per visit: a test in progress must never change under the learner.
  return useQuery({ queryKey: ['test', testId], queryFn: () => getTest(testId), enabled, staleTime: Infinity, gcTime: 0, refetchOnReconnect: false });
}
