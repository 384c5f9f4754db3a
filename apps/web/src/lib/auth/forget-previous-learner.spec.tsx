import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { AuthProvider } from './auth-provider';
import { sessionAnswering } from '@/testing/session-answering';
import { ForgetPreviousLearner } from './forget-previous-learner';

const tokenOf = (sub: string) => `h.${btoa(JSON.stringify({ sub, email: `${sub}@example.com` }))}.s`;

/** A real AuthSession signed in as `ana`; sign-in as someone else and sign-out answer too. */
function session() {
  const answers: Record<string, () => unknown> = {
    '/api/auth/session': () => ({ accessToken: tokenOf('ana'), expiresIn: 300 }),
    '/api/auth/login': () => ({ accessToken: tokenOf('ben'), expiresIn: 300 }),
    '/api/auth/logout': () => undefined,
  };
  return sessionAnswering(answers);
}

async function renderSignedIn() {
  const auth = session();
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider session={auth}>
        <ForgetPreviousLearner />
        <p>app</p>
      </AuthProvider>
    </QueryClientProvider>,
  );
  await screen.findByText('app');
  queryClient.setQueryData(['tests', 'cards'], { paid: true, cards: [] });
  return { auth, queryClient };
}

describe('ForgetPreviousLearner', () => {
  it('empties the query cache when the learner signs out', async () => {
    const { auth, queryClient } = await renderSignedIn();
    await act(() => auth.signOut());
    expect(queryClient.getQueryData(['tests', 'cards'])).toBeUndefined();
  });

  it('empties it when another learner signs in, and keeps it while the same one stays', async () => {
    const { auth, queryClient } = await renderSignedIn();
    await act(() => auth.retryNow());
    expect(queryClient.getQueryData(['tests', 'cards'])).toEqual({ paid: true, cards: [] });
    await act(() => auth.signIn('ben@example.com', 'pw'));
    expect(queryClient.getQueryData(['tests', 'cards'])).toBeUndefined();
  });
});
