import { resolve } from 'node:path';
import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@fluent/server-kit';

export const SERVICE_NAME = 'gateway';
export const config = loadConfig(
  baseConfigSchema.extend({
    GATEWAY_HOST: z.string().default('127.0.0.1'),
    GATEWAY_PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** The origin the SPA is served from; the only origin CORS allows. */
    WEB_ORIGIN: z.string().default('http://localhost:3000'),
    /** The built SPA the gateway serves; empty to serve the API only. */
    WEB_DIST: z.string().default(resolve(__dirname, '../../web/dist')),
    /** Keycloak as the browser reaches it (for the Content-Security-Policy). */
    KEYCLOAK_PUBLIC_URL: z.string().default('http://127.0.0.1:8080'),
    /** Milliseconds the health check waits for each service. */
    HEALTH_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
  }),
);
export type GatewayConfig = typeof config;
