import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { connect, JSONCodec, type Msg, type NatsConnection } from 'nats';
import { afterEach, describe, expect, it } from 'vitest';
import { HealthPatterns, SERVICES } from '@fluent/contracts';
import { natsAuthOptions } from '@fluent/server-kit';
import { BIN, ROOT } from '../../tools/stack/paths.mjs';
import { freePort } from '../../tools/stack/testing.mjs';
import { appEnvironment } from '../../tools/stack/profiles.mjs';
import { killStartedProcesses, runNode, runProcess } from '../support/processes';
import { eventually, natsUrl, natsUser, profile, startComponentNamed, stopComponentNamed } from '../support/stack';

// Life cycle of the processes that publish and consume our events (services, gateway), run as real
// processes: start-up while NATS or the database is down, and SIGTERM with work in flight.
const codec = JSONCodec<{ id?: string; pattern?: string; [key: string]: unknown }>();
const connections: NatsConnection[] = [];

afterEach(async () => {
  killStartedProcesses();
  await Promise.all(connections.splice(0).map((nc) => nc.close()));
});

describe('service start-up', () => {
  it('a service started while NATS is down waits, logging its retries, and starts listening once NATS is up', async () => {
    await stopComponentNamed('nats');
    const service = runNode([join(ROOT, 'apps/catalog-service/dist/main.js')], appEnvironment(profile, 'catalog-service'));
    try {
      await service.waitForLine(/Cannot reach NATS/, 15_000);
      await sleep(1000);
      expect(service.exit).toBeUndefined();
    } finally {
      await startComponentNamed('nats');
    }
    await service.waitForLine(/catalog-service listening/, 30_000);
    service.kill('SIGTERM');
    expect(await service.exited).toEqual({ code: 0, signal: null });
  });

  it('a service started while the database is down says it is waiting, and starts listening once the database is up', async () => {
    await stopComponentNamed('ferretdb');
    const service = runNode([join(ROOT, 'apps/catalog-service/dist/main.js')], appEnvironment(profile, 'catalog-service'));
    try {
      await service.waitForLine(/Cannot reach the database/, 15_000);
      expect(service.exit).toBeUndefined();
    } finally {
      await startComponentNamed('ferretdb');
    }
    await service.waitForLine(/catalog-service listening/, 30_000);
    service.kill('SIGTERM');
    expect(await service.exited).toEqual({ code: 0, signal: null });
  });
});

describe('SIGTERM', () => {
  it('a service finishes the request it is handling and sends the reply before it exits', async () => {
    const pattern = `lifecycle.slow.${randomUUID()}`;
    const service = runNode(['-e', SLOW_SERVICE], { ...appEnvironment(profile, 'test'), PATTERN: pattern });
    await service.waitForLine(/lifecycle-test listening/, 30_000);
    const nc = await natsConnection(natsUrl, 5000, natsAuthOptions(natsUser('test')));

    const reply = nc.request(pattern, codec.encode({ pattern, data: { ms: 1500 }, id: 'r1' }), { timeout: 15_000 });
    await service.waitForLine(/handler started/, 10_000);
    service.kill('SIGTERM');

    const answer = codec.decode((await reply).data);
    expect(answer).toMatchObject({ id: 'r1', response: { done: true } });
    expect(await service.exited).toEqual({ code: 0, signal: null });
  });

  it('the gateway answers the HTTP request in flight (its NATS replies still arrive) before it exits', async () => {
    // A NATS of our own, so this test plays every service and decides when they answer.
    const natsPort = await freePort();
    const privateNats = runProcess(join(BIN, 'nats-server'), ['-a', '127.0.0.1', '-p', String(natsPort)], {});
    const url = `nats://127.0.0.1:${natsPort}`;
    const nc = await natsConnection(url, 10_000);
    let hold = false;
    const held: Msg[] = [];
    const answer = (msg: Msg) => {
      const { id, pattern } = codec.decode(msg.data);
      const service = SERVICES.find((s) => HealthPatterns[s] === pattern);
      msg.respond(codec.encode({ id, response: { service, status: 'up', checks: {} }, isDisposed: true }));
    };
    for (const service of SERVICES) nc.subscribe(HealthPatterns[service], { callback: (_e, msg) => (hold ? held.push(msg) : answer(msg)) });

    const port = await freePort();
    const gateway = runNode([join(ROOT, 'apps/gateway/dist/main.js')], {
      ...appEnvironment(profile),
      NATS_URL: url,
      GATEWAY_PORT: String(port),
      HEALTH_TIMEOUT_MS: '8000',
      // Every health request must reach the services here: no cached report.
      HEALTH_CACHE_MS: '0',
      WEB_DIST: '',
    });
    const health = () => fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    await eventually(async () => (await health())?.status, (status) => status === 200, 30_000);

    hold = true;
    const inFlight = health();
    await eventually(async () => held.length, (n) => n === SERVICES.length, 10_000);
    gateway.kill('SIGTERM');
    await sleep(500);
    expect(gateway.exit).toBeUndefined();
    for (const msg of held) answer(msg);

    const response = await inFlight;
    expect(response?.status).toBe(200);
    expect(await response?.json()).toMatchObject({ status: 'ok', failing: [] });
    expect(await gateway.exited).toEqual({ code: 0, signal: null });
    privateNats.kill('SIGTERM');
  });
});

/** A service with one slow request handler, booted by bootstrapService like ours. */
const SLOW_SERVICE = `
const { Controller, Module } = require('@nestjs/common');
const { MessagePattern } = require('@nestjs/microservices');
const { bootstrapService, loggingModule } = require('@fluent/server-kit');
class SlowController {
  async slow(data) {
    console.log('handler started');
    await new Promise((resolve) => setTimeout(resolve, data.ms));
    return { done: true };
  }
}
MessagePattern(process.env.PATTERN)(SlowController.prototype, 'slow', Object.getOwnPropertyDescriptor(SlowController.prototype, 'slow'));
Controller()(SlowController);
class SlowModule {}
Module({ imports: [loggingModule('lifecycle-test', 'info')], controllers: [SlowController] })(SlowModule);
bootstrapService('lifecycle-test', SlowModule, process.env.NATS_URL);
`;

async function natsConnection(servers: string, timeoutMs = 5000, auth: ReturnType<typeof natsAuthOptions> = {}): Promise<NatsConnection> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const nc = await connect({ servers, ...auth });
      connections.push(nc);
      return nc;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(200);
    }
  }
}


const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
