import { useQuery } from '@tanstack/react-query';
import type { AttemptListResponse } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

export const attemptsQueryKey = ['attempts'] as const;

export const getAttempts = (): Promise<AttemptListResponse> => apiRequest<AttemptListResponse>('/api/attempts');

export const useAttempts = () => useQuery({ queryKey: attemptsQueryKey, queryFn: getAttempts, staleTime: 0 });
