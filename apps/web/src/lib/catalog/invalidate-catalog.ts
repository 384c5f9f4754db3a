import type { QueryClient } from '@tanstack/react-query';
import { attemptsQueryKey } from './attempts';
import { cardsQueryKey } from './cards';

/**
 * Marks the learner's cards and history out of date. Call it after anything that changes a
 * card's state (a stored attempt, a payment), so the dashboard never offers what the server refuses.
 */
export function invalidateCatalog(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: cardsQueryKey }),
    queryClient.invalidateQueries({ queryKey: attemptsQueryKey }),
  ]).then(() => undefined);
}
