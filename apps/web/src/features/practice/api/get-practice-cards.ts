import { queryOptions } from '@tanstack/react-query';
import { PRACTICE_CARDS_LIMIT_DEFAULT, type PracticeCardsResponse } from '@fluent/contracts';
import { apiRequest } from '@/lib/api-client';
import { learnerTimeZone } from '@/lib/practice/progress';

/** The next due cards, without their answers (GET /api/practice/cards): a session's batch. */
export const getPracticeCards = (limit: number = PRACTICE_CARDS_LIMIT_DEFAULT, timeZone: string = learnerTimeZone()): Promise<PracticeCardsResponse> =>
  apiRequest<PracticeCardsResponse>(`/api/practice/cards?limit=${limit}&tz=${encodeURIComponent(timeZone)}`);

/**
 * The first batch, read afresh whenever /practice opens (never from the cache: the queue moves
 * with every review); "Keep going" asks for the next with getPracticeCards.
 */
export const firstBatchQueryOptions = () => queryOptions({ queryKey: ['practice', 'cards'], queryFn: () => getPracticeCards(), staleTime: 0, gcTime: 0 });
