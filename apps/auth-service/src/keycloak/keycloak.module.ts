import { Module } from '@nestjs/common';
import { KeycloakAdmin } from './keycloak-admin';
import { KeycloakTokens } from './keycloak-tokens';
import { RealmSecretsCheck } from './realm-secrets-check';

/** Keycloak's admin API and token endpoint, and the start-up check of the realm's client secrets. */
@Module({
  providers: [KeycloakAdmin, KeycloakTokens, RealmSecretsCheck],
  exports: [KeycloakAdmin, KeycloakTokens],
})
export class KeycloakModule {}
