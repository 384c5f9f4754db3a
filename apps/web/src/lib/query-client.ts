import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { isOutage } from './retry-policy';
import { authSession, type AuthSession, type AuthState } from './auth/auth-session';

/**
 * Client errors (4xx) are answers, not outages: retrying them only delays the message. An outage
 * (no answer, 502, 503) was already tried again by the API client for as long as it should be.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) return false;
  if (error instanceof ApiError && isOutage(error.status)) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

const learnerOf = (state: AuthState) => (state.status === 'signed-in' ? state.user.uid : undefined);

/**
 * Sign-out and sign-in happen without a page load, so the cache would show the next learner the
 * previous one's cards, payment and history: `client` is emptied whenever the signed-in learner
 * changes (signed out, or another uid). Returns the unsubscribe.
 */
export function forgetPreviousLearner(client: QueryClient, session: Pick<AuthSession, 'getState' | 'subscribe'>): () => void {
  let learner = learnerOf(session.getState());
  return session.subscribe((state) => {
    const next = learnerOf(state);
    if (next !== learner) client.clear();
    learner = next;
  });
}

/**
 * The app's one cache. Only the routes that fetch data import it (through `QueryProvider`), so
 * the landing page never loads react-query; the cache outlives route changes all the same.
 */
export const queryClient = createQueryClient();
forgetPreviousLearner(queryClient, authSession);
