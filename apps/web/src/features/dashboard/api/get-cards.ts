import { useQuery } from '@tanstack/react-query';
import type { TestCardsResponse } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

/** The query key of the learner's cards; payments invalidate it so unlocked cards show at once. */
export const cardsQueryKey = ['tests', 'cards'] as const;

export const getCards = (): Promise<TestCardsResponse> => apiRequest<TestCardsResponse>('/api/tests');

export const useCards = () => useQuery({ queryKey: cardsQueryKey, queryFn: getCards });
