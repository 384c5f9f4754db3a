import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, learnerCacheConfigSchema, loadConfigWithSecrets } from '@fluent/server-kit';
import { paymentConsumerConfigSchema } from '@fluent/premium-access';

export const SERVICE_NAME = 'auth-service';

/** Development defaults of the Keycloak client secrets; production refuses to start with them. */
export const DEV_SECRETS = {
  KEYCLOAK_WEB_CLIENT_SECRET: 'fluent-web-dev-secret',
  KEYCLOAK_ADMIN_CLIENT_SECRET: 'fluent-auth-service-dev-secret',
};

export const authConfigSchema = baseConfigSchema
  .extend(databaseConfigSchema.shape)
  .extend(learnerCacheConfigSchema.shape)
  .extend(paymentConsumerConfigSchema.shape)
  .extend({
    KEYCLOAK_URL: z.string().default('http://127.0.0.1:8080'),
    KEYCLOAK_REALM: z.string().default('fluent'),
    /**
     * The confidential client every learner session belongs to (password grant, Google code flow,
     * refresh). Only auth-service holds its secret, so Keycloak's token endpoint cannot be used
     * around the gateway's rate limits.
     */
    KEYCLOAK_WEB_CLIENT_ID: z.string().default('fluent-web'),
    KEYCLOAK_WEB_CLIENT_SECRET: z.string().default(DEV_SECRETS.KEYCLOAK_WEB_CLIENT_SECRET),
    /** auth-service's own confidential client, with the realm-management roles to create users. */
    KEYCLOAK_ADMIN_CLIENT_ID: z.string().default('fluent-auth-service'),
    KEYCLOAK_ADMIN_CLIENT_SECRET: z.string().default(DEV_SECRETS.KEYCLOAK_ADMIN_CLIENT_SECRET),
    /** Milliseconds one call to Keycloak may take (never more than what is left of the operation's budget). */
    KEYCLOAK_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
    /**
     * Milliseconds a whole operation (sign-up makes several calls) may take. It must end before
     * the gateway stops waiting (NATS_REQUEST_TIMEOUT_MS), so a slow Keycloak gives a clear 503
     * instead of a sign-up finishing after the gateway already answered 504.
     */
    AUTH_OPERATION_BUDGET_MS: z.coerce.number().int().positive().optional(),
    /** Seconds a rotated refresh result is kept, so two tabs refreshing at once both stay signed in. */
    REFRESH_GRACE_SECONDS: z.coerce.number().int().positive().max(300).default(30),
  })
  .refine((c) => c.KEYCLOAK_TIMEOUT_MS < c.NATS_REQUEST_TIMEOUT_MS, {
    message: 'KEYCLOAK_TIMEOUT_MS must be shorter than NATS_REQUEST_TIMEOUT_MS',
    path: ['KEYCLOAK_TIMEOUT_MS'],
  })
  .transform((c) => ({ ...c, AUTH_OPERATION_BUDGET_MS: c.AUTH_OPERATION_BUDGET_MS ?? Math.max(500, c.NATS_REQUEST_TIMEOUT_MS - 500) }))
  .refine((c) => c.AUTH_OPERATION_BUDGET_MS < c.NATS_REQUEST_TIMEOUT_MS, {
    message: 'AUTH_OPERATION_BUDGET_MS must be shorter than NATS_REQUEST_TIMEOUT_MS',
    path: ['AUTH_OPERATION_BUDGET_MS'],
  });

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfigWithSecrets(authConfigSchema, DEV_SECRETS, env);
}

export const config = loadAuthConfig();
export type AuthConfig = typeof config;
