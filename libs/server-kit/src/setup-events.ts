/**
 * The setup step: `node libs/server-kit/dist/setup-events.js` creates (or brings up to date) the
 * JetStream streams and durable consumers, then exits (0 done, 1 failed). The Helm chart runs it
 * from an app image as a hook Job before the apps roll out. Reads NATS_URL, NATS_USER and
 * NATS_PASSWORD (and JETSTREAM_REPLICAS); waits for NATS with backoff for at most SETUP_TIMEOUT_MS (default 120 s).
 */
import pino from 'pino';
import { z } from 'zod';
import { baseConfigSchema, loadConfig } from './config';
import { reconcileEventTopology } from './event-topology';
import { natsCredentialsFromEnv } from './nats';
import { retryWithBackoff } from './retry';

async function main(): Promise<void> {
  const config = loadConfig(baseConfigSchema.extend({ SETUP_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
    /** Copies of each stream across the NATS cluster (3 in Helm's 3-node cluster); unset keeps what a stream has. */
    JETSTREAM_REPLICAS: z.coerce.number().int().min(1).max(5).optional(),
  }), process.env);
  const log = pino({ base: { service: 'setup-events' }, level: config.LOG_LEVEL });
  const { user, password } = natsCredentialsFromEnv();
  const logger = { log: (m: string) => log.info(m), warn: (m: string) => log.warn(m), error: (m: string) => log.error(m) };
  try {
    const durables = await retryWithBackoff(() => reconcileEventTopology({ url: config.NATS_URL, user, password, replicas: config.JETSTREAM_REPLICAS, logger }), {
      what: `JetStream at ${config.NATS_URL}`,
      log: logger,
      signal: AbortSignal.timeout(config.SETUP_TIMEOUT_MS),
    });
    log.info({ durables }, `Streams and consumers are in place: ${durables.join(', ')}`);
  } catch (error) {
    log.fatal({ err: error }, 'JetStream setup failed');
    process.exitCode = 1;
  }
}

void main();
