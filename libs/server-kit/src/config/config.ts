import { z } from 'zod';

/**
 * Reads configuration from the environment through a zod schema, so a service refuses to boot
 * with a clear message instead of failing later on an undefined value. Every key has a safe local
 * default in the schema; .env.example documents them.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** The settings every service shares. */
export const baseConfigSchema = z.object({
  /**
   * Unset is production: a deployment that forgot it must not run with development's leniencies
   * (API docs on, default secrets, no NATS credentials, source maps served). The local stack and
   * the tests set development or test explicitly (tools/stack/profiles.mjs appEnvironment).
   */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** Milliseconds a request over NATS may take before the caller gives up (504 at the gateway). */
  NATS_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** This app's own NATS user and password (the local stack gives each app one; unset: no auth). */
  NATS_USER: z.string().optional(),
  NATS_PASSWORD: z.string().optional(),
  /**
   * Services: the port of the liveness/readiness HTTP probes (/health/live, /health/ready) that
   * Kubernetes and the image's HEALTHCHECK ask, and of the Prometheus metrics (/metrics); unset:
   * no probe server (the local stack sets it for its own processes only).
   */
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where the probe server listens: every interface in a pod, 127.0.0.1 on a developer's machine. */
  HEALTH_HOST: z.string().default('0.0.0.0'),
});

export const databaseConfigSchema = z.object({
  MONGODB_URI: z.string().default('mongodb://127.0.0.1:27017/fluent'),
});

/** A service's per-learner read cache (SharedCache): how many learners it keeps, and for how long at most. */
export const learnerCacheConfigSchema = z.object({
  LEARNER_CACHE_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  /** A safety net only: every write invalidates its learner on every replica at once. */
  LEARNER_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;
export type DatabaseConfig = z.infer<typeof databaseConfigSchema>;
