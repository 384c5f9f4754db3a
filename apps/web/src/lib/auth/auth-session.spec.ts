import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { AuthSession, isSignedIn, type AuthSessionDeps } from './auth-session';

const jwt = (claims: Record<string, unknown>) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;
const session = (sub = 'user-1', expiresIn = 300) => ({ accessToken: jwt({ sub, email: `${sub}@example.com` }), expiresIn });
/** An answer without a body (204), which apiRequest returns as undefined. */
const NO_CONTENT = Symbol('204');

function setup(answers: Record<string, Array<unknown>>) {
  let now = 1_000_000;
  const timers: { run: () => void; at: number }[] = [];
  const calls: string[] = [];
  const request = vi.fn(async (path: string) => {
    calls.push(path);
    const next = answers[path]?.shift();
    if (next instanceof Error) throw next;
    if (next === undefined) throw new Error(`no answer for ${path}`);
    return next === NO_CONTENT ? undefined : next;
  });
  const navigate = vi.fn();
  const locked: string[] = [];
  const deps: AuthSessionDeps = {
    request: request as unknown as AuthSessionDeps['request'],
    exclusive: async (work) => {
      locked.push('lock');
      return work();
    },
    now: () => now,
    setTimer: (run, ms) => {
      const timer = { run, at: now + ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => timers.splice(timers.indexOf(timer as (typeof timers)[number]), 1),
    navigate,
  };
  const auth = new AuthSession(deps);
  /** Moves the clock and runs the timers that are due. */
  const advance = async (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { auth, calls, advance, navigate, timers, request, locked };
}

describe('AuthSession', () => {
  it('restores the session from the cookie on boot, holding the cross-tab refresh lock', async () => {
    const { auth, calls, locked } = setup({ '/api/auth/session': [session('ana')] });
    await auth.boot();
    expect(calls).toEqual(['/api/auth/session']);
    expect(locked).toEqual(['lock']);
    expect(auth.getState()).toEqual({ status: 'signed-in', user: { uid: 'ana', email: 'ana@example.com', name: undefined } });
    expect(await auth.accessToken()).toBe(session('ana').accessToken);
  });

  it('is signed out when the browser has no session (204, no body), without a retry', async () => {
    const { auth, timers, calls } = setup({ '/api/auth/session': [NO_CONTENT] });
    await auth.boot();
    expect(auth.getState()).toEqual({ status: 'signed-out' });
    expect(calls).toEqual(['/api/auth/session']);
    expect(timers).toEqual([]);
    expect(await auth.accessToken()).toBeUndefined();
  });

  it('is signed out when the server refuses the session (401)', async () => {
    const { auth } = setup({ '/api/auth/session': [new ApiError(401, 'No session.')] });
    await auth.boot();
    expect(auth.getState()).toEqual({ status: 'signed-out' });
  });

  it.each([
    ['503', new ApiError(503, 'The sign-in service is unavailable. Please try again shortly.')],
    ['429', new ApiError(429, 'Too many requests. Please wait a moment and try again.')],
    ['a network error', new ApiError(0, 'The server could not be reached.')],
  ])('reconnects instead of signing out on %s, then restores the session', async (_case, failure) => {
    const { auth, advance } = setup({ '/api/auth/session': [failure, failure, session('ana')] });
    await auth.boot();
    expect(auth.getState()).toEqual({ status: 'reconnecting', retryInMs: 1000 });
    await advance(1000);
    expect(auth.getState()).toEqual({ status: 'reconnecting', retryInMs: 2000 });
    await advance(2000);
    expect(auth.getState()).toMatchObject({ status: 'signed-in', user: { uid: 'ana' } });
  });

  it('refreshes through the gateway shortly before the access token expires', async () => {
    const { auth, calls, advance } = setup({ '/api/auth/login': [session('ana', 300)], '/api/auth/session': [session('ana', 300)] });
    await auth.signIn('ana@example.com', 'pw');
    await advance(269_000);
    expect(calls).toEqual(['/api/auth/login']);
    await advance(1_000);
    expect(calls).toEqual(['/api/auth/login', '/api/auth/session']);
  });

  it('shares one refresh between concurrent callers (one cookie rotation)', async () => {
    const { auth, calls, advance } = setup({ '/api/auth/login': [session('ana', 40)], '/api/auth/session': [session('ana', 300)] });
    await auth.signIn('ana@example.com', 'pw');
    await advance(15_000);
    const tokens = await Promise.all([auth.accessToken(), auth.accessToken(), auth.accessToken()]);
    expect(calls.filter((c) => c === '/api/auth/session')).toHaveLength(1);
    expect(new Set(tokens).size).toBe(1);
  });

  it('keeps a signed-in tab signed in while a refresh fails for a moment', async () => {
    const { auth, advance } = setup({
      '/api/auth/login': [session('ana', 300)],
      '/api/auth/session': [new ApiError(503, 'unavailable'), session('ana', 300)],
    });
    await auth.signIn('ana@example.com', 'pw');
    await advance(270_000);
    expect(auth.getState().status).toBe('signed-in');
    await advance(1_000);
    expect(auth.getState().status).toBe('signed-in');
  });

  it('signs out when a refresh is refused', async () => {
    const { auth, advance } = setup({ '/api/auth/login': [session('ana', 300)], '/api/auth/session': [new ApiError(401, 'Your session has ended.')] });
    await auth.signIn('ana@example.com', 'pw');
    await advance(270_000);
    expect(auth.getState()).toEqual({ status: 'signed-out' });
    expect(await auth.accessToken()).toBeUndefined();
  });

  it('reports a failed sign-out and stays signed in', async () => {
    const { auth } = setup({ '/api/auth/login': [session('ana')], '/api/auth/logout': [new ApiError(503, 'Sign-out failed. Please try again.')] });
    await auth.signIn('ana@example.com', 'pw');
    await expect(auth.signOut()).rejects.toThrow('Sign-out failed. Please try again.');
    expect(auth.getState().status).toBe('signed-in');
  });

  it('signs out and stops refreshing', async () => {
    const { auth, timers } = setup({ '/api/auth/login': [session('ana')], '/api/auth/logout': [null] });
    await auth.signIn('ana@example.com', 'pw');
    await auth.signOut();
    expect(auth.getState()).toEqual({ status: 'signed-out' });
    expect(timers).toHaveLength(0);
  });

  it('starts Google sign-in at the gateway with where to return and where to report a failure', () => {
    const { auth, navigate } = setup({});
    auth.signInWithGoogle('/result?attempt=1', '/login');
    expect(navigate).toHaveBeenCalledWith('/api/auth/google?returnTo=%2Fresult%3Fattempt%3D1&from=%2Flogin');
  });

  it('keeps no token in Web Storage', async () => {
    const { auth } = setup({ '/api/auth/login': [session('ana')] });
    await auth.signIn('ana@example.com', 'pw');
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });
});

describe('isSignedIn', () => {
  it('waits through a reconnecting sign-in service and answers once the session is known', async () => {
    const { auth, advance } = setup({ '/api/auth/session': [new ApiError(503, 'Unavailable'), session('ana')] });
    let answer: boolean | undefined;
    void isSignedIn(auth).then((signedIn) => (answer = signedIn));
    await advance(0);
    expect(auth.getState().status).toBe('reconnecting');
    expect(answer).toBeUndefined();
    await advance(1_000);
    expect(answer).toBe(true);
  });

  it('answers false for a visitor without a session', async () => {
    const { auth } = setup({ '/api/auth/session': [NO_CONTENT] });
    expect(await isSignedIn(auth)).toBe(false);
  });
});
