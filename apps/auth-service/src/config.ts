import { z } from 'zod';
import { baseConfigSchema, databaseConfigSchema, loadConfig } from '@fluent/server-kit';

export const SERVICE_NAME = 'auth-service';
export const config = loadConfig(
  baseConfigSchema.extend(databaseConfigSchema.shape).extend({
    KEYCLOAK_URL: z.string().default('http://127.0.0.1:8080'),
    KEYCLOAK_REALM: z.string().default('fluent'),
  }),
);
