import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, loadConfig } from '@fluent/server-kit';

export const SERVICE_NAME = 'auth-service';
export const config = loadConfig(
  baseConfigSchema.extend(databaseConfigSchema.shape).extend({
    KEYCLOAK_URL: z.string().default('http://127.0.0.1:8080'),
    KEYCLOAK_REALM: z.string().default('fluent'),
    /** The public client the SPA's keycloak-js uses; tokens are issued to it so it can refresh them. */
    KEYCLOAK_WEB_CLIENT_ID: z.string().default('fluent-web'),
    /** auth-service's own confidential client, with the realm-management roles to create users. */
    KEYCLOAK_ADMIN_CLIENT_ID: z.string().default('fluent-auth-service'),
    KEYCLOAK_ADMIN_CLIENT_SECRET: z.string().min(1).default('fluent-auth-service-dev-secret'),
    /** Milliseconds one call to Keycloak may take. */
    KEYCLOAK_TIMEOUT_MS: z.coerce.number().int().positive().default(4000),
  }),
);
export type AuthConfig = typeof config;
