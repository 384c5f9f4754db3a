import Keycloak from 'keycloak-js';
import type { SessionTokens } from '@fluent/contracts';
import { apiRequest, setTokenSource } from '../api-client';
import { loadPublicConfig } from '../public-config';

export interface SignedInUser {
  uid: string;
  email?: string;
  name?: string;
}

export type AuthState = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: SignedInUser };

type Listener = (state: AuthState) => void;

/** keycloak-js answers a redirect from Keycloak with these in the URL fragment. */
function isKeycloakCallback(): boolean {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  return fragment.has('state') && (fragment.has('code') || fragment.has('error'));
}

/**
 * The session of this tab, held by keycloak-js: it keeps the tokens in memory, refreshes them and
 * reports when the session ends. Tokens from our sign-in and sign-up endpoints are handed to a
 * fresh keycloak-js instance (an instance can be initialised only once). A reload restores the
 * session from the gateway's httpOnly cookie.
 */
export class AuthSession {
  private keycloak?: Keycloak;
  private state: AuthState = { status: 'loading' };
  private readonly listeners = new Set<Listener>();
  private booting?: Promise<void>;

  constructor() {
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
    this.booting ??= this.restore().catch(() => this.setState({ status: 'signed-out' }));
    return this.booting;
  }

  private async restore(): Promise<void> {
    if (isKeycloakCallback()) {
      const keycloak = await this.createKeycloak();
      const authenticated = await keycloak.init({ checkLoginIframe: false, pkceMethod: 'S256' });
      if (authenticated) {
        this.adopt(keycloak);
        // First social sign-in creates the user document {email, name, hasPaid: false}.
        await apiRequest('/api/auth/social-sign-in', { method: 'POST' });
        return;
      }
    }
    try {
      const tokens = await apiRequest<SessionTokens>('/api/auth/session', { method: 'POST', auth: false });
      await this.start(tokens);
    } catch {
      this.setState({ status: 'signed-out' });
    }
  }

  /** Starts a session from tokens our API returned (sign-in, sign-up, restore). */
  async start(tokens: SessionTokens): Promise<void> {
    const keycloak = await this.createKeycloak();
    // The login iframe would end a session that has no Keycloak browser cookie (direct grant).
    await keycloak.init({
      token: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      idToken: tokens.idToken || undefined,
      checkLoginIframe: false,
      pkceMethod: 'S256',
    });
    this.adopt(keycloak);
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.start(await apiRequest<SessionTokens>('/api/auth/login', { method: 'POST', body: { email, password }, auth: false }));
  }

  async signUp(input: { mobileNumber: string; email: string; password: string }): Promise<void> {
    await this.start(await apiRequest<SessionTokens>('/api/auth/signup', { method: 'POST', body: input, auth: false }));
  }

  /** Sends the browser to Keycloak, which hands over to Google (the `google` identity provider). */
  async signInWithGoogle(returnPath: string): Promise<void> {
    const keycloak = await this.createKeycloak();
    await keycloak.init({ checkLoginIframe: false, pkceMethod: 'S256' });
    await keycloak.login({ idpHint: 'google', redirectUri: `${window.location.origin}${returnPath}` });
  }

  /** Ends the Keycloak session (through the gateway, which also drops the cookie). */
  async signOut(): Promise<void> {
    await apiRequest('/api/auth/logout', { method: 'POST', auth: false });
    this.keycloak?.clearToken();
    this.keycloak = undefined;
    this.setState({ status: 'signed-out' });
  }

  /** A valid access token, refreshed when it expires within 30 s. */
  async accessToken(): Promise<string | undefined> {
    const keycloak = this.keycloak;
    if (!keycloak?.authenticated) return undefined;
    try {
      await keycloak.updateToken(30);
      return keycloak.token;
    } catch {
      this.keycloak = undefined;
      this.setState({ status: 'signed-out' });
      return undefined;
    }
  }

  private adopt(keycloak: Keycloak): void {
    this.keycloak = keycloak;
    keycloak.onAuthLogout = () => this.setState({ status: 'signed-out' });
    keycloak.onTokenExpired = () => void this.accessToken();
    const parsed = keycloak.tokenParsed ?? {};
    this.setState({
      status: 'signed-in',
      user: { uid: String(parsed.sub ?? ''), email: parsed.email as string | undefined, name: parsed.name as string | undefined },
    });
  }

  private async createKeycloak(): Promise<Keycloak> {
    const config = await loadPublicConfig();
    return new Keycloak({ url: config.keycloak.url, realm: config.keycloak.realm, clientId: config.keycloak.clientId });
  }

  private setState(state: AuthState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }
}

export const authSession = new AuthSession();
