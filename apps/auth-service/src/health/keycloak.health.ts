import { Injectable } from '@nestjs/common';
import type { ComponentStatus } from '@fluent/contracts';
import { config } from '../config';

/** Keycloak counts as up when our realm answers its OpenID discovery document. */
@Injectable()
export class KeycloakHealth {
  async status(): Promise<ComponentStatus> {
    const url = `${config.KEYCLOAK_URL}/realms/${config.KEYCLOAK_REALM}/.well-known/openid-configuration`;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1500) });
      return response.ok ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }
}
