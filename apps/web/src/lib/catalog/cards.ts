import { useQuery } from '@tanstack/react-query';
import type { MockTestCardsResponse } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * The learner's cards (GET /api/tests): shown by the dashboard, polled by the purchase until the
 * premium tests are unlocked. The query key; see invalidate-catalog.ts for who refreshes it.
 */
export const cardsQueryKey = ['tests', 'cards'] as const;

export const getCards = (): Promise<MockTestCardsResponse> => apiRequest<MockTestCardsResponse>('/api/tests');

/** Always asked again when the dashboard opens: a card's state changes on other pages (a test, a payment). */
export const useCards = () => useQuery({ queryKey: cardsQueryKey, queryFn: getCards, staleTime: 0 });
