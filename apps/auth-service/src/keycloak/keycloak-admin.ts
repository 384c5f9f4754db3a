import { Injectable, Logger } from '@nestjs/common';
import { EMAIL_TAKEN_MESSAGE, IDENTITY_UNAVAILABLE_MESSAGE, MOBILE_NUMBER_HINT } from '@fluent/contracts';
import { type Deadline, rpcError } from '@fluent/server-kit';
import { config } from '../config';
import { callKeycloak, form, keycloakMessage, type KeycloakResponse } from './keycloak-http';

export interface NewAccount {
  email: string;
  password: string;
  mobileNumber: string;
}

export interface KeycloakAccount {
  id: string;
  email?: string;
  attributes?: Record<string, string[]>;
}

/**
 * Keycloak's admin REST API through auth-service's service account (client credentials). Its
 * token is cached until shortly before it expires, and dropped at once when Keycloak refuses it
 * (a restarted Keycloak, a rotated secret), so one refusal never turns into minutes of failures.
 */
@Injectable()
export class KeycloakAdmin {
  private readonly logger = new Logger(KeycloakAdmin.name);
  private readonly adminBase = `${config.KEYCLOAK_URL}/admin/realms/${config.KEYCLOAK_REALM}`;
  private token?: { value: string; expiresAt: number };

  /** Creates the account and returns its Keycloak id (our uid). */
  async createUser(account: NewAccount, deadline: Deadline): Promise<string> {
    const { status, headers, body } = await this.request(
      '/users',
      {
        method: 'POST',
        body: JSON.stringify({
          username: account.email,
          email: account.email,
          enabled: true,
          attributes: { mobileNumber: [account.mobileNumber] },
          credentials: [{ type: 'password', value: account.password, temporary: false }],
        }),
      },
      deadline,
    );
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

  async deleteUser(uid: string, deadline: Deadline): Promise<void> {
    const { status } = await this.request(`/users/${encodeURIComponent(uid)}`, { method: 'DELETE' }, deadline);
    if (status !== 204 && status !== 404) throw new Error(`Keycloak refused to delete user ${uid} (${status})`);
  }

  async findByEmail(email: string, deadline: Deadline): Promise<KeycloakAccount | undefined> {
    const { status, body } = await this.request(`/users?exact=true&email=${encodeURIComponent(email)}`, { method: 'GET' }, deadline);
    if (status !== 200) throw rpcError(503, IDENTITY_UNAVAILABLE_MESSAGE);
    const list = Array.isArray(body.list) ? (body.list as KeycloakAccount[]) : [];
    return list[0];
  }

  /** Sets the mobileNumber attribute, keeping the account's other fields. */
  async setMobileNumber(account: KeycloakAccount, mobileNumber: string, deadline: Deadline): Promise<void> {
    const path = `/users/${encodeURIComponent(account.id)}`;
    const current = await this.request(path, { method: 'GET' }, deadline);
    if (current.status !== 200) throw rpcError(503, IDENTITY_UNAVAILABLE_MESSAGE);
    const attributes = { ...((current.body.attributes as Record<string, string[]> | undefined) ?? {}), mobileNumber: [mobileNumber] };
    const { status } = await this.request(path, { method: 'PUT', body: JSON.stringify({ ...current.body, attributes }) }, deadline);
    if (status !== 204) throw rpcError(503, IDENTITY_UNAVAILABLE_MESSAGE);
  }

  private async request(path: string, init: RequestInit, deadline: Deadline, retried = false): Promise<KeycloakResponse> {
    const token = await this.serviceToken(deadline);
    const response = await callKeycloak(
      `${this.adminBase}${path}`,
      { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } },
      deadline.timeout(config.KEYCLOAK_TIMEOUT_MS),
    );
    if (response.status === 401) {
      this.token = undefined;
      if (!retried) return this.request(path, init, deadline, true);
    }
    // Keycloak answers a JSON array for lists; keep the KeycloakResponse shape.
    if (Array.isArray(response.body)) return { ...response, body: { list: response.body } };
    return response;
  }

  private async serviceToken(deadline: Deadline): Promise<string> {
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
      deadline.timeout(config.KEYCLOAK_TIMEOUT_MS),
    );
    if (status !== 200 || typeof body.access_token !== 'string') {
      this.logger.error(`auth-service could not get its Keycloak service token (${status}): ${keycloakMessage(body) ?? ''}`);
      throw rpcError(503, IDENTITY_UNAVAILABLE_MESSAGE);
    }
    const lifetimeMs = Number(body.expires_in ?? 60) * 1000;
    this.token = { value: body.access_token, expiresAt: Date.now() + lifetimeMs - 15_000 };
    return this.token.value;
  }
}
