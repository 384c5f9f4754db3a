import { z } from 'zod';
import { baseConfigSchema, DEFAULT_JETSTREAM_SETTINGS, loadConfig, type FluentJetStreamSettings } from '@fluent/server-kit';

export const SETUP_NAME = 'jetstream-setup';

const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const setupConfigSchema = baseConfigSchema.extend({
  /** Copies of each stream in a NATS cluster (Helm: 3); 1 on a single server. */
  JETSTREAM_REPLICAS: count(DEFAULT_JETSTREAM_SETTINGS.replicas),
  PAYMENTS_STREAM_MAX_BYTES: count(DEFAULT_JETSTREAM_SETTINGS.paymentsMaxBytes),
  PAGE_VIEWS_STREAM_MAX_BYTES: count(DEFAULT_JETSTREAM_SETTINGS.pageViewsMaxBytes),
  PAGE_VIEWS_STREAM_MAX_MSGS: count(DEFAULT_JETSTREAM_SETTINGS.pageViewsMaxMsgs),
  /** How long to keep trying to reach NATS before giving up (a Job is then retried by Kubernetes). */
  SETUP_TIMEOUT_MS: count(120_000),
});

export type SetupConfig = z.infer<typeof setupConfigSchema>;

export const loadSetupConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(setupConfigSchema, env);

export function jetStreamSettings(config: SetupConfig): FluentJetStreamSettings {
  return {
    replicas: config.JETSTREAM_REPLICAS,
    paymentsMaxBytes: config.PAYMENTS_STREAM_MAX_BYTES,
    pageViewsMaxBytes: config.PAGE_VIEWS_STREAM_MAX_BYTES,
    pageViewsMaxMsgs: config.PAGE_VIEWS_STREAM_MAX_MSGS,
  };
}
