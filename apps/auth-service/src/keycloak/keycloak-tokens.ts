import { Injectable, Logger } from '@nestjs/common';
import { IDENTITY_UNAVAILABLE_MESSAGE, SESSION_ENDED_MESSAGE, SIGN_IN_FAILED_MESSAGE, type SessionTokens } from '@fluent/contracts';
import { type Deadline, rpcError } from '@fluent/server-kit';
import { config } from '../config';
import { callKeycloak, form, keycloakMessage, type KeycloakResponse } from './keycloak-http';

/** The claims of an access or ID token we read after Keycloak handed it to us directly. */
export interface TokenClaims {
  sub?: string;
  email?: string;
  name?: string;
  nonce?: string;
}

/** Reads a JWT's payload. Only for tokens that came straight from Keycloak's token endpoint. */
export function readClaims(jwt: string): TokenClaims {
  try {
    return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as TokenClaims;
  } catch {
    return {};
  }
}

/**
 * The realm's token endpoint on behalf of the confidential `fluent-web` client. Only an
 * `invalid_grant` is the learner's fault (wrong password, session ended); any other refusal
 * (`invalid_client`, `unauthorized_client`: our configuration) is logged and answered 503, so a
 * misconfigured secret never looks like a wrong password.
 */
@Injectable()
export class KeycloakTokens {
  private readonly logger = new Logger(KeycloakTokens.name);
  private readonly base = `${config.KEYCLOAK_URL}/realms/${config.KEYCLOAK_REALM}/protocol/openid-connect`;
  private readonly client = { client_id: config.KEYCLOAK_WEB_CLIENT_ID, client_secret: config.KEYCLOAK_WEB_CLIENT_SECRET };

  /** Direct grant. Wrong credentials, unknown users and locked accounts all get one message. */
  async passwordGrant(email: string, password: string, deadline: Deadline): Promise<SessionTokens> {
    const response = await this.token({ grant_type: 'password', username: email, password, scope: 'openid' }, deadline);
    if (isInvalidGrant(response)) throw rpcError(401, SIGN_IN_FAILED_MESSAGE);
    return this.toTokens('password grant', response);
  }

  /** Refresh-token grant. Rotation is on in the realm: the answer carries a new refresh token. */
  async refresh(refreshToken: string, deadline: Deadline): Promise<SessionTokens> {
    const response = await this.token({ grant_type: 'refresh_token', refresh_token: refreshToken }, deadline);
    if (isInvalidGrant(response)) throw rpcError(401, SESSION_ENDED_MESSAGE);
    return this.toTokens('refresh', response);
  }

  /** Authorization-code grant (Google sign-in), with the PKCE verifier the gateway kept. */
  async exchangeCode(code: string, codeVerifier: string, redirectUri: string, deadline: Deadline): Promise<SessionTokens & { idToken?: string }> {
    const response = await this.token({ grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: redirectUri }, deadline);
    if (isInvalidGrant(response)) throw rpcError(401, 'The sign-in took too long or was already used. Please try again.');
    const tokens = this.toTokens('code exchange', response);
    return { ...tokens, idToken: typeof response.body.id_token === 'string' ? response.body.id_token : undefined };
  }

  /** Ends the Keycloak session the refresh token belongs to (its SSO browser session too). */
  async logout(refreshToken: string, deadline: Deadline): Promise<void> {
    const { status, body } = await callKeycloak(
      `${this.base}/logout`,
      { method: 'POST', body: form({ ...this.client, refresh_token: refreshToken }) },
      deadline.timeout(config.KEYCLOAK_TIMEOUT_MS),
    );
    // invalid_grant: the session is already gone, so the learner is signed out either way.
    if (status === 204 || status === 200 || (status === 400 && body.error === 'invalid_grant')) return;
    this.logger.error(`Keycloak logout answered ${status}: ${keycloakMessage(body) ?? 'no message'}`);
    throw rpcError(503, 'Sign-out failed. Please try again.');
  }

  private token(fields: Record<string, string>, deadline: Deadline): Promise<KeycloakResponse> {
    return callKeycloak(`${this.base}/token`, { method: 'POST', body: form({ ...this.client, ...fields }) }, deadline.timeout(config.KEYCLOAK_TIMEOUT_MS));
  }

  private toTokens(what: string, { status, body }: KeycloakResponse): SessionTokens {
    if (status !== 200 || typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string') {
      this.logger.error(`Keycloak ${what} answered ${status}: ${keycloakMessage(body) ?? 'no message'}`);
      throw rpcError(503, IDENTITY_UNAVAILABLE_MESSAGE);
    }
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      expiresIn: Number(body.expires_in ?? 0),
      refreshExpiresIn: Number(body.refresh_expires_in ?? 0),
    };
  }
}

const isInvalidGrant = ({ status, body }: KeycloakResponse) => (status === 400 || status === 401) && body.error === 'invalid_grant';
