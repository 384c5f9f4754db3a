import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_STREAM } from '@fluent/contracts';
import { EVENT_CONSUMERS, reconcileEventTopology } from './event-topology';

// A real nats-server with JetStream (the stack's cached binary, installed before the unit phase).
const ROOT = resolve(__dirname, '../../..');
const NATS = join(process.env.FLUENT_CACHE_DIR ?? join(ROOT, '.cache'), 'bin', 'nats-server');
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

let server: ChildProcess;
let store: string;
let url: string;
let nc: NatsConnection;

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

beforeAll(async () => {
  store = mkdtempSync(join(tmpdir(), 'fluent-topology-'));
  const port = await freePort();
  url = `nats://127.0.0.1:${port}`;
  server = spawn(NATS, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], { stdio: 'ignore' });
  for (let i = 0; ; i++) {
    try {
      nc = await connect({ servers: url });
      break;
    } catch (error) {
      if (i > 100) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
});

afterAll(async () => {
  await nc?.close();
  server?.kill();
  rmSync(store, { recursive: true, force: true });
});

describe('reconcileEventTopology (the setup step)', () => {
  it('creates the streams and every declared consumer with the settings the services use, idempotently', async () => {
    const durables = await reconcileEventTopology({ url, logger: quiet });
    expect(durables.sort()).toEqual(Object.values(EVENT_CONSUMERS).map((c) => c.durable).sort());
    const jsm = await nc.jetstreamManager();
    expect((await jsm.streams.info(EVENTS_STREAM)).config.num_replicas).toBe(1);
    expect(await jsm.streams.info(`${EVENTS_STREAM}_DEADLETTER`)).toBeTruthy();
    const paid = await jsm.consumers.info(EVENTS_STREAM, EVENT_CONSUMERS.authPaidTests.durable);
    expect(paid.config.filter_subject).toBe('events.payment.succeeded');
    expect(paid.config.max_deliver).toBe(EVENT_CONSUMERS.authPaidTests.consume.maxDeliver + 1);
    // A consumer changed by hand is put back; running it again changes nothing else.
    await jsm.consumers.update(EVENTS_STREAM, EVENT_CONSUMERS.blogPageViews.durable, { max_deliver: 99 });
    await reconcileEventTopology({ url, logger: quiet });
    expect((await jsm.consumers.info(EVENTS_STREAM, EVENT_CONSUMERS.blogPageViews.durable)).config.max_deliver).toBe(6);
  });

  it('runs as the built entry point and exits 0 (what the Helm hook Job runs)', () => {
    const run = spawnSync(process.execPath, [join(__dirname, '..', 'dist', 'setup-events.js')], {
      env: { PATH: process.env.PATH, NATS_URL: url, SETUP_TIMEOUT_MS: '20000', LOG_LEVEL: 'info' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('Streams and consumers are in place');
  });
});
