import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { AuthProvider } from './auth-provider';
import { AuthSession, type AuthSessionDeps } from './auth-session';

const jwt = (claims: Record<string, unknown>) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;

/** A session whose first answer (POST /api/auth/session) arrives only when the test says so. */
function sessionAwaitingItsFirstAnswer() {
  let answer: (outcome: { session?: unknown; error?: Error }) => void = () => undefined;
  const first = new Promise<{ session?: unknown; error?: Error }>((resolve) => (answer = resolve));
  const deps: AuthSessionDeps = {
    request: (async () => {
      const { session, error } = await first;
      if (error) throw error;
      return session;
    }) as unknown as AuthSessionDeps['request'],
    exclusive: (work) => work(),
    now: () => 1_000_000,
    setTimer: () => undefined,
    clearTimer: () => undefined,
    navigate: vi.fn(),
  };
  return { session: new AuthSession(deps), answer };
}

// docs/product.md#pages: the app waits for the first authentication state before rendering anything.
describe('AuthProvider', () => {
  it('renders only a loading state until the first session answer, then the app (signed in)', async () => {
    const { session, answer } = sessionAwaitingItsFirstAnswer();
    render(<AuthProvider session={session}><p>the app</p></AuthProvider>);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByText('the app')).toBeNull();

    await act(async () => answer({ session: { accessToken: jwt({ sub: 'ana' }), expiresIn: 300 } }));
    expect(await screen.findByText('the app')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(session.getState()).toMatchObject({ status: 'signed-in', user: { uid: 'ana' } });
  });

  it('renders the app once the first answer says signed out (401)', async () => {
    const { session, answer } = sessionAwaitingItsFirstAnswer();
    render(<AuthProvider session={session}><p>the app</p></AuthProvider>);
    expect(screen.queryByText('the app')).toBeNull();

    await act(async () => answer({ error: new ApiError(401, 'No session') }));
    expect(await screen.findByText('the app')).toBeTruthy();
    expect(session.getState()).toEqual({ status: 'signed-out' });
  });
});
