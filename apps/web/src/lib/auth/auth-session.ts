import type { SessionResponse } from '@fluent/contracts';
import { ApiError, apiRequest, setTokenSource } from '../api-client';

export interface SignedInUser {
  uid: string;
  email?: string;
  name?: string;
}

/**
 * - loading: the first answer is not in yet (the app renders nothing but a spinner);
 * - reconnecting: the sign-in service did not answer (503, 429, network); we retry with backoff
 *   and never treat that as signed out;
 * - signed-out / signed-in.
 */
export type AuthState =
  | { status: 'loading' }
  | { status: 'reconnecting'; retryInMs: number }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: SignedInUser };

type Listener = (state: AuthState) => void;

export interface AuthSessionDeps {
  request: typeof apiRequest;
  /** Runs `work` while no other tab of this site refreshes (the cookie is shared by every tab). */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
  now: () => number;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  navigate: (url: string) => void;
}

const defaultDeps: AuthSessionDeps = {
  request: apiRequest,
  exclusive: <T>(work: () => Promise<T>): Promise<T> =>
    typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks.request('fluent-session-refresh', work) as Promise<T>) : work(),
  now: () => Date.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  navigate: (url) => window.location.assign(url),
};

/** Refresh this long before the access token expires. */
const REFRESH_AHEAD_MS = 30_000;
const RETRY_STEPS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/** A refused session (401) means signed out, like no session at all (204); anything else is "try again shortly". */
const isSessionRefused = (error: unknown) => error instanceof ApiError && error.status === 401;

function claimsOf(token: string): Record<string, unknown> {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(decodeURIComponent(Array.from(json, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''))) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * The session of this tab. It holds only the short-lived access token, in memory. The refresh
 * token lives in the gateway's httpOnly cookie, so there is one refresh path for every kind of
 * sign-in (password, sign-up, Google): POST /api/auth/session, which rotates the cookie. A reload
 * or a new tab restores the session the same way.
 */
export class AuthSession {
  private state: AuthState = { status: 'loading' };
  private readonly listeners = new Set<Listener>();
  private token?: { value: string; expiresAt: number };
  private refreshing?: Promise<void>;
  private timer?: unknown;
  private failures = 0;
  private booting?: Promise<void>;

  constructor(private readonly deps: AuthSessionDeps = defaultDeps) {
    setTokenSource(() => this.accessToken());
  }

  getState(): AuthState {
    return this.state;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Finds out once whether this tab is signed in (safe under React StrictMode's double effects). */
  boot(): Promise<void> {
    this.booting ??= this.refreshNow();
    return this.booting;
  }

  /** Tries again at once (the "Try again" button of the reconnecting screen). */
  retryNow(): Promise<void> {
    return this.refreshNow();
  }

  async signIn(email: string, password: string): Promise<void> {
    this.adopt(await this.deps.request<SessionResponse>('/api/auth/login', { method: 'POST', body: { email, password }, auth: false }));
  }

  async signUp(input: { mobileNumber: string; email: string; password: string }): Promise<void> {
    this.adopt(await this.deps.request<SessionResponse>('/api/auth/signup', { method: 'POST', body: input, auth: false }));
  }

  /**
   * Sends the browser to the gateway, which runs the Google sign-in with Keycloak and comes back to
   * `returnTo` signed in (or to `from` with the reason it failed).
   */
  signInWithGoogle(returnTo: string, from: '/' | '/login'): void {
    this.deps.navigate(`/api/auth/google?${new URLSearchParams({ returnTo, from }).toString()}`);
  }

  /** Ends the session in Keycloak and drops the cookie. A failure is thrown for the UI to report. */
  async signOut(): Promise<void> {
    await this.deps.request('/api/auth/logout', { method: 'POST', auth: false });
    this.signedOut();
  }

  /** A valid access token for an API call, refreshed first when it is about to expire. */
  async accessToken(): Promise<string | undefined> {
    if (this.state.status !== 'signed-in' || !this.token) return undefined;
    if (this.token.expiresAt - this.deps.now() > REFRESH_AHEAD_MS) return this.token.value;
    await this.refreshNow();
    return this.token && this.token.expiresAt > this.deps.now() ? this.token.value : undefined;
  }

  /** One refresh at a time: concurrent callers share it (one cookie rotation, not several). */
  private refreshNow(): Promise<void> {
    this.refreshing ??= this.refresh().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  /**
   * Every tab rotates the one session cookie; one tab at a time, so that a slow answer can never
   * put back a cookie that another tab has already rotated past.
   */
  private async refresh(): Promise<void> {
    try {
      // No answer (204): this browser has no session cookie, a signed-out visitor.
      const session = await this.deps.exclusive(() => this.deps.request<SessionResponse | undefined>('/api/auth/session', { method: 'POST', auth: false }));
      if (session) this.adopt(session);
      else this.signedOut();
    } catch (error) {
      if (isSessionRefused(error)) this.signedOut();
      else this.retryLater();
    }
  }

  private signedOut(): void {
    this.forget();
    this.setState({ status: 'signed-out' });
  }

  /**
   * The service is away: keep what we have and try again with growing pauses. A signed-in tab
   * stays signed in (a learner mid-test must not lose the page); a tab that does not know yet
   * shows the calm reconnecting state instead of the login page.
   */
  private retryLater(): void {
    const delay = RETRY_STEPS_MS[Math.min(this.failures, RETRY_STEPS_MS.length - 1)]!;
    this.failures += 1;
    this.schedule(delay);
    if (this.state.status !== 'signed-in') this.setState({ status: 'reconnecting', retryInMs: delay });
  }

  private adopt(response: SessionResponse): void {
    const claims = claimsOf(response.accessToken);
    this.failures = 0;
    this.token = { value: response.accessToken, expiresAt: this.deps.now() + response.expiresIn * 1000 };
    this.schedule(Math.max(5_000, response.expiresIn * 1000 - REFRESH_AHEAD_MS));
    const user: SignedInUser = {
      uid: String(claims.sub ?? ''),
      email: typeof claims.email === 'string' ? claims.email : undefined,
      name: typeof claims.name === 'string' ? claims.name : undefined,
    };
    const current = this.state.status === 'signed-in' ? this.state.user : undefined;
    if (!current || current.uid !== user.uid || current.email !== user.email || current.name !== user.name) {
      this.setState({ status: 'signed-in', user });
    }
  }

  private schedule(ms: number): void {
    if (this.timer !== undefined) this.deps.clearTimer(this.timer);
    this.timer = this.deps.setTimer(() => {
      this.timer = undefined;
      void this.refreshNow();
    }, ms);
  }

  private forget(): void {
    if (this.timer !== undefined) this.deps.clearTimer(this.timer);
    this.timer = undefined;
    this.token = undefined;
    this.failures = 0;
  }

  private setState(state: AuthState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }
}

export const authSession = new AuthSession();

/**
 * Whether `session` is signed in, once it knows: waits through the first answer and through a
 * reconnecting sign-in service (which is never taken for signed out).
 */
export function isSignedIn(session: Pick<AuthSession, 'boot' | 'getState' | 'subscribe'>): Promise<boolean> {
  void session.boot();
  return new Promise((resolve) => {
    const known = (state: AuthState) => state.status === 'signed-in' || state.status === 'signed-out';
    if (known(session.getState())) {
      resolve(session.getState().status === 'signed-in');
      return;
    }
    const unsubscribe = session.subscribe((state) => {
      if (!known(state)) return;
      unsubscribe();
      resolve(state.status === 'signed-in');
    });
  });
}
