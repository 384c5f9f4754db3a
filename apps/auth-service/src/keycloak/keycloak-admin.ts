import { Injectable, Logger } from '@nestjs/common';
import { EMAIL_TAKEN_MESSAGE, MOBILE_NUMBER_HINT } from '@fluent/contracts';
import { rpcError } from '@fluent/server-kit';
import { config } from '../config';
import { callKeycloak, form, keycloakMessage } from './keycloak-http';

export interface NewAccount {
  email: string;
  password: string;
  mobileNumber: string;
}

/**
 * Keycloak's admin REST API through auth-service's service account (client credentials), with
 * its token cached until shortly before it expires.
 */
@Injectable()
export class KeycloakAdmin {
  private readonly logger = new Logger(KeycloakAdmin.name);
  private readonly adminBase = `${config.KEYCLOAK_URL}/admin/realms/${config.KEYCLOAK_REALM}`;
  private token?: { value: string; expiresAt: number };

  /** Creates the account and returns its Keycloak id (our uid). */
  async createUser(account: NewAccount): Promise<string> {
    const { status, headers, body } = await this.request('/users', {
      method: 'POST',
      body: JSON.stringify({
        username: account.email,
        email: account.email,
        enabled: true,
        attributes: { mobileNumber: [account.mobileNumber] },
        credentials: [{ type: 'password', value: account.password, temporary: false }],
      }),
    });
    if (status === 409) throw rpcError(409, EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    if (status === 400) {
      // User-profile validation names the field; the password policy answers in error_description.
      const message = keycloakMessage(body) ?? 'The account details were not accepted.';
      const field = typeof body.field === 'string' ? body.field : body.error?.toString().startsWith('invalidPassword') ? 'password' : undefined;
      throw rpcError(400, field === 'mobileNumber' ? MOBILE_NUMBER_HINT : message, field ? { [field]: message } : undefined);
    }
    const uid = headers.get('location')?.split('/').pop();
    if (status !== 201 || !uid) {
      this.logger.error(`Keycloak user creation answered ${status}: ${keycloakMessage(body) ?? ''}`);
      throw rpcError(503, 'Sign-up is unavailable right now. Please try again.');
    }
    return uid;
  }

  async deleteUser(uid: string): Promise<void> {
    const { status } = await this.request(`/users/${encodeURIComponent(uid)}`, { method: 'DELETE' });
    if (status !== 204 && status !== 404) throw new Error(`Keycloak refused to delete user ${uid} (${status})`);
  }

  async findUser(uid: string): Promise<Record<string, unknown> | undefined> {
    const { status, body } = await this.request(`/users/${encodeURIComponent(uid)}`, { method: 'GET' });
    return status === 200 ? body : undefined;
  }

  private async request(path: string, init: RequestInit) {
    const token = await this.serviceToken();
    return callKeycloak(
      `${this.adminBase}${path}`,
      { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } },
      config.KEYCLOAK_TIMEOUT_MS,
    );
  }

  private async serviceToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const { status, body } = await callKeycloak(
      `${config.KEYCLOAK_URL}/realms/${config.KEYCLOAK_REALM}/protocol/openid-connect/token`,
      {
        method: 'POST',
        body: form({
          grant_type: 'client_credentials',
          client_id: config.KEYCLOAK_ADMIN_CLIENT_ID,
          client_secret: config.KEYCLOAK_ADMIN_CLIENT_SECRET,
        }),
      },
      config.KEYCLOAK_TIMEOUT_MS,
    );
    if (status !== 200 || typeof body.access_token !== 'string') {
      this.logger.error(`auth-service could not get its Keycloak service token (${status}): ${keycloakMessage(body) ?? ''}`);
      throw rpcError(503, 'The sign-in service is unavailable. Please try again shortly.');
    }
    const lifetimeMs = Number(body.expires_in ?? 60) * 1000;
    this.token = { value: body.access_token, expiresAt: Date.now() + lifetimeMs - 15_000 };
    return this.token.value;
  }
}
