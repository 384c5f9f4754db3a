import pino from 'pino';
import { connectNats, fluentJetStreamTopology, reconcileJetStream, retryWithBackoff } from '@fluent/server-kit';
import { jetStreamSettings, loadSetupConfig, SETUP_NAME } from './config';

/**
 * `node apps/jetstream-setup/dist/main.js`: brings NATS JetStream to Fluent's topology (streams,
 * dead-letter streams, durable consumers; libs/server-kit fluentJetStreamTopology) and exits 0, or
 * 1 when it cannot. Idempotent. Runs as the NATS user `jetstream-setup`, the only one allowed to
 * create, update or delete them: the local stack runs it before the apps start, a Helm Job before
 * each rollout.
 */
async function main(): Promise<void> {
  const config = loadSetupConfig();
  const log = pino({ base: { service: SETUP_NAME }, level: config.LOG_LEVEL });
  const deadline = AbortSignal.timeout(config.SETUP_TIMEOUT_MS);
  const nc = await retryWithBackoff(
    () => connectNats({ url: config.NATS_URL, name: SETUP_NAME, reconnectForever: false }),
    { what: `NATS at ${config.NATS_URL}`, log: { warn: (m) => log.warn(m), log: (m) => log.info(m) }, signal: deadline },
  );
  try {
    const jsm = await nc.jetstreamManager();
    const report = await reconcileJetStream(jsm, fluentJetStreamTopology(jetStreamSettings(config)), { log: (m) => log.info(m), warn: (m) => log.warn(m) });
    log.info({ report }, 'JetStream is set up');
  } finally {
    await nc.drain().catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  console.error(`jetstream-setup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
