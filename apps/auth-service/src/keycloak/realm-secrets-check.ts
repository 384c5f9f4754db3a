import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { config } from '../config';
import { callKeycloak, form } from './keycloak-http';

/** The placeholders deploy/keycloak/realm.json puts where the client secrets go. */
export const REALM_SECRET_PLACEHOLDERS: Record<string, string> = {
  'fluent-auth-service': '${FLUENT_AUTH_CLIENT_SECRET}',
  'fluent-web': '${FLUENT_WEB_CLIENT_SECRET}',
};

/**
 * Keycloak imports an unset `${VAR}` placeholder as literal text, so a realm imported without its
 * secrets would accept the publicly known string "${FLUENT_AUTH_CLIENT_SECRET}" on a client that
 * may manage users. In production auth-service asks Keycloak whether it does, and refuses to
 * start if so. Keycloak refuses a wrong client secret with 401 and "Invalid client or Invalid
 * client credentials" (as `invalid_client` or, in Keycloak 26, `unauthorized_client`); any other
 * answer means it took the secret (a client without a service account then refuses the grant
 * itself, with another description).
 */
export function refusesClientSecret(status: number, body: Record<string, unknown>): boolean {
  const description = typeof body.error_description === 'string' ? body.error_description : '';
  return status === 401 && (body.error === 'invalid_client' || /invalid client credentials/i.test(description));
}

export async function clientsAcceptingPlaceholders(
  tokenUrl: string,
  placeholders: Record<string, string> = REALM_SECRET_PLACEHOLDERS,
  timeoutMs = 5000,
): Promise<string[]> {
  const accepting: string[] = [];
  for (const [clientId, secret] of Object.entries(placeholders)) {
    const { status, body } = await callKeycloak(tokenUrl, { method: 'POST', body: form({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }) }, timeoutMs);
    if (!refusesClientSecret(status, body)) accepting.push(clientId);
  }
  return accepting;
}

@Injectable()
export class RealmSecretsCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger(RealmSecretsCheck.name);

  async onApplicationBootstrap(): Promise<void> {
    if (config.NODE_ENV !== 'production') return;
    const tokenUrl = `${config.KEYCLOAK_URL}/realms/${config.KEYCLOAK_REALM}/protocol/openid-connect/token`;
    let accepting: string[];
    try {
      accepting = await clientsAcceptingPlaceholders(tokenUrl);
    } catch (error) {
      this.logger.error(`Could not check the realm's client secrets (Keycloak unreachable?): ${String(error)}`);
      return;
    }
    if (accepting.length > 0) {
      throw new Error(
        `Refusing to start: Keycloak accepts the placeholder text as the secret of ${accepting.join(', ')}; the realm was imported without its secrets`,
      );
    }
  }
}
