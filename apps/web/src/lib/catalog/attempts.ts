import { useQuery } from '@tanstack/react-query';
import type { AttemptListResponse } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

/** The learner's stored attempts (GET /api/attempts), newest first: the dashboard's history; a new attempt makes it out of date. */
export const attemptsQueryKey = ['attempts'] as const;

export const getAttempts = (): Promise<AttemptListResponse> => apiRequest<AttemptListResponse>('/api/attempts');

export const useAttempts = () => useQuery({ queryKey: attemptsQueryKey, queryFn: getAttempts, staleTime: 0 });
