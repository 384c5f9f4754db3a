import { Injectable, Logger } from '@nestjs/common';
import { SIGN_IN_FAILED_MESSAGE, type SessionTokens } from '@fluent/contracts';
import { rpcError } from '@fluent/server-kit';
import { config } from '../config';
import { callKeycloak, form, keycloakMessage } from './keycloak-http';

/** The realm's token endpoint, on behalf of the public web client. */
@Injectable()
export class KeycloakTokens {
  private readonly logger = new Logger(KeycloakTokens.name);
  private readonly base = `${config.KEYCLOAK_URL}/realms/${config.KEYCLOAK_REALM}/protocol/openid-connect`;

  /** Direct grant. Wrong credentials, unknown users and locked accounts all get one message. */
  async passwordGrant(email: string, password: string): Promise<SessionTokens> {
    const { status, body } = await callKeycloak(
      `${this.base}/token`,
      {
        method: 'POST',
        body: form({ grant_type: 'password', client_id: config.KEYCLOAK_WEB_CLIENT_ID, username: email, password, scope: 'openid' }),
      },
      config.KEYCLOAK_TIMEOUT_MS,
    );
    if (status === 400 || status === 401) throw rpcError(401, SIGN_IN_FAILED_MESSAGE);
    return this.toTokens(status, body);
  }

  async refresh(refreshToken: string): Promise<SessionTokens> {
    const { status, body } = await callKeycloak(
      `${this.base}/token`,
      { method: 'POST', body: form({ grant_type: 'refresh_token', client_id: config.KEYCLOAK_WEB_CLIENT_ID, refresh_token: refreshToken }) },
      config.KEYCLOAK_TIMEOUT_MS,
    );
    if (status === 400 || status === 401) throw rpcError(401, 'Your session has ended. Please sign in again.');
    return this.toTokens(status, body);
  }

  /** Ends the Keycloak session the refresh token belongs to. */
  async logout(refreshToken: string): Promise<void> {
    const { status, body } = await callKeycloak(
      `${this.base}/logout`,
      { method: 'POST', body: form({ client_id: config.KEYCLOAK_WEB_CLIENT_ID, refresh_token: refreshToken }) },
      config.KEYCLOAK_TIMEOUT_MS,
    );
    // 400 means the session is already gone: signed out either way.
    if (status >= 500) throw rpcError(503, keycloakMessage(body) ?? 'Sign-out failed. Please try again.');
  }

  private toTokens(status: number, body: Record<string, unknown>): SessionTokens {
    if (status !== 200 || typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string') {
      this.logger.error(`Unexpected token response ${status}: ${keycloakMessage(body) ?? 'no message'}`);
      throw rpcError(503, 'The sign-in service is unavailable. Please try again shortly.');
    }
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      idToken: typeof body.id_token === 'string' ? body.id_token : '',
      expiresIn: Number(body.expires_in ?? 0),
      refreshExpiresIn: Number(body.refresh_expires_in ?? 0),
    };
  }
}
