import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionAnswering } from '@/testing/session-answering';
import { createQueryClient, forgetPreviousLearner } from './query-client';

const tokenOf = (sub: string) => `h.${btoa(JSON.stringify({ sub, email: `${sub}@example.com` }))}.s`;

/** A real AuthSession signed in as `ana`, a cache holding her cards, and the forgetting wired. */
async function signedInWithCache() {
  const auth = sessionAnswering({
    '/api/auth/session': () => ({ accessToken: tokenOf('ana'), expiresIn: 300 }),
    '/api/auth/login': () => ({ accessToken: tokenOf('ben'), expiresIn: 300 }),
    '/api/auth/logout': () => undefined,
  });
  await auth.boot();
  const queryClient = createQueryClient();
  // As in the app: the cache is created (and starts listening) once somebody is signed in.
  forgetPreviousLearner(queryClient, auth);
  queryClient.setQueryData(['tests', 'cards'], { paid: true, cards: [] });
  return { auth, queryClient };
}

describe('forgetPreviousLearner', () => {
  it('empties the query cache when the learner signs out', async () => {
    const { auth, queryClient } = await signedInWithCache();
    await act(() => auth.signOut());
    expect(queryClient.getQueryData(['tests', 'cards'])).toBeUndefined();
  });

  it('empties it when another learner signs in, and keeps it while the same one stays', async () => {
    const { auth, queryClient } = await signedInWithCache();
    await act(() => auth.retryNow());
    expect(queryClient.getQueryData(['tests', 'cards'])).toEqual({ paid: true, cards: [] });
    await act(() => auth.signIn('ben@example.com', 'pw'));
    expect(queryClient.getQueryData(['tests', 'cards'])).toBeUndefined();
  });
});
