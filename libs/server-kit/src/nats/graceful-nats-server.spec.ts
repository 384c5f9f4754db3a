import { headers as natsHeaders, JSONCodec, type NatsConnection } from 'nats';
import { describe, expect, it } from 'vitest';
import { natsHandledRequests } from '../metrics/metrics';
import { currentRequestId } from '../logging/request-context';
import { GracefulNatsServer } from './graceful-nats-server';

const codec = JSONCodec<{ id?: string; pattern?: string; [key: string]: unknown }>();
type Callback = (error: unknown, msg: unknown) => void;

/** Just enough of a `nats` connection for Nest's NATS server; `events` records what happened, in order. */
function fakeConnection(events: string[]) {
  const callbacks = new Map<string, Callback>();
  const connection = {
    subscribe: (subject: string, opts: { callback: Callback }) => {
      callbacks.set(subject, opts.callback);
      return { drain: async () => void events.push(`unsubscribe ${subject}`) };
    },
    status: () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => undefined) }) }),
    isClosed: () => false,
    drain: async () => void events.push('drain connection'),
    close: async () => void events.push('close connection'),
  };
  const replies: unknown[] = [];
  /** Delivers any bytes on `subject` as NATS would, with a reply subject unless `reply` is null. */
  const deliver = (subject: string, data: Uint8Array, options: { reply?: string | null; requestId?: string } = {}) => {
    const headers = options.requestId ? natsHeaders() : undefined;
    if (options.requestId) headers!.set('x-request-id', options.requestId);
    return callbacks.get(subject)?.(null, {
      subject,
      reply: options.reply === null ? '' : (options.reply ?? 'inbox'),
      data,
      headers,
      respond: (reply: Uint8Array) => {
        const packet = codec.decode(reply);
        replies.push(packet);
        events.push(`reply ${packet.id}`);
        return true;
      },
    });
  };
  /** Delivers a request as NATS would (the Nest packet format), reply to `inbox`. */
  const request = (subject: string, id: string, requestId?: string) => deliver(subject, codec.encode({ pattern: subject, data: {}, id }), { requestId });
  return { connection: connection as unknown as NatsConnection, request, deliver, replies };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));
const silent = { log: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined, verbose: () => undefined, fatal: () => undefined };

describe('GracefulNatsServer', () => {
  it('retries the first NATS connection instead of failing, and listens once NATS answers', async () => {
    const events: string[] = [];
    const { connection } = fakeConnection(events);
    let attempts = 0;
    const server = new GracefulNatsServer(
      { servers: ['nats://127.0.0.1:4222'], queue: 'test' },
      {
        initialDelayMs: 1,
        connect: async () => {
          attempts += 1;
          if (attempts <= 3) throw new Error('CONNECTION_REFUSED');
          return connection;
        },
      },
    );
    const warnings: string[] = [];
    Object.assign(server, { logger: { ...silent, warn: (m: string) => warnings.push(m) } });
    await new Promise<void>((resolve, reject) => void server.listen((error?: unknown) => (error ? reject(error) : resolve())));
    expect(attempts).toBe(4);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/^Cannot reach NATS at nats:\/\/127\.0\.0\.1:4222 \(attempt 1: CONNECTION_REFUSED\); retrying in 1 ms$/);
  });

  it('on close, stops taking requests, lets the handler in flight reply, and only then drains the connection', async () => {
    const events: string[] = [];
    const fake = fakeConnection(events);
    const server = new GracefulNatsServer({ servers: ['nats://x'], queue: 'test' }, { connect: async () => fake.connection });
    Object.assign(server, { logger: silent });
    const release = deferred();
    server.addHandler('slow', async () => {
      events.push('handler started');
      await release.promise;
      events.push('handler finished');
      return { done: true };
    });
    await new Promise<void>((resolve) => void server.listen(() => resolve()));

    fake.request('slow', 'r1');
    await tick();
    const closed = server.close();
    await tick();
    expect(events).toEqual(['handler started', 'unsubscribe slow']);
    expect(server.inFlightCount).toBe(1);

    release.resolve();
    await closed;
    expect(events).toEqual(['handler started', 'unsubscribe slow', 'handler finished', 'reply r1', 'drain connection', 'close connection']);
  });

  it('closes anyway when a handler outlives the shutdown timeout', async () => {
    const events: string[] = [];
    const fake = fakeConnection(events);
    const server = new GracefulNatsServer({ servers: ['nats://x'] }, { connect: async () => fake.connection });
    Object.assign(server, { logger: silent });
    server.addHandler('stuck', () => new Promise(() => undefined));
    await new Promise<void>((resolve) => void server.listen(() => resolve()));
    fake.request('stuck', 'r1');
    await tick();
    await server.close(50);
    expect(events).toEqual(['unsubscribe stuck', 'drain connection', 'close connection']);
  });

  it('stops retrying the first connection when closed during start-up', async () => {
    const server = new GracefulNatsServer(
      { servers: ['nats://x'] },
      { initialDelayMs: 60_000, connect: async () => Promise.reject(new Error('CONNECTION_REFUSED')) },
    );
    Object.assign(server, { logger: silent });
    const listening = new Promise<unknown>((resolve) => void server.listen((error?: unknown) => resolve(error)));
    await tick();
    await server.close();
    expect(await listening).toBeInstanceOf(Error);
  });

  it('answers what is not a request (not JSON, no id, too big) with an error reply, and goes on serving', async () => {
    const events: string[] = [];
    const fake = fakeConnection(events);
    const server = new GracefulNatsServer({ servers: ['nats://x'], queue: 'test' }, { connect: async () => fake.connection, maxRequestBytes: 1000 });
    Object.assign(server, { logger: silent });
    server.addHandler('echo', async (data: unknown) => ({ echoed: data }));
    await new Promise<void>((resolve) => void server.listen(() => resolve()));
    const encoder = new TextEncoder();

    await fake.deliver('echo', encoder.encode('not json {'));
    await fake.deliver('echo', new Uint8Array([0xff, 0xfe, 0x00]));
    await fake.deliver('echo', encoder.encode(JSON.stringify({ pattern: 'echo', data: {} })));
    await fake.deliver('echo', encoder.encode(JSON.stringify([1, 2])));
    await fake.deliver('echo', encoder.encode(JSON.stringify({ pattern: 'echo', data: 'x'.repeat(2000), id: 'big' })));
    fake.request('echo', 'fine');
    await tick();

    expect(fake.replies).toEqual([
      { err: { statusCode: 400, message: 'The request is not JSON' }, isDisposed: true, id: null },
      { err: { statusCode: 400, message: 'The request is not JSON' }, isDisposed: true, id: null },
      { err: { statusCode: 400, message: 'The request has no id' }, isDisposed: true, id: null },
      { err: { statusCode: 400, message: 'The request is not a JSON object' }, isDisposed: true, id: null },
      { err: { statusCode: 413, message: 'The request is larger than 1000 bytes' }, isDisposed: true, id: null },
      { response: { echoed: {} }, isDisposed: true, id: 'fine' },
    ]);
  });

  it('drops a message nobody can receive an answer to (no reply subject) without running the handler', async () => {
    const fake = fakeConnection([]);
    const server = new GracefulNatsServer({ servers: ['nats://x'] }, { connect: async () => fake.connection });
    const warnings: string[] = [];
    Object.assign(server, { logger: { ...silent, warn: (m: string) => warnings.push(m) } });
    let ran = 0;
    server.addHandler('count', async () => (ran += 1));
    await new Promise<void>((resolve) => void server.listen(() => resolve()));
    await fake.deliver('count', new TextEncoder().encode(JSON.stringify({ pattern: 'count', data: {}, id: '1' })), { reply: null });
    await tick();
    expect([ran, fake.replies.length, warnings.length]).toEqual([0, 0, 1]);
  });

  it("runs the handler as part of the request named by the message's x-request-id header, and counts it by pattern and status", async () => {
    const fake = fakeConnection([]);
    const server = new GracefulNatsServer({ servers: ['nats://x'] }, { connect: async () => fake.connection });
    Object.assign(server, { logger: silent });
    server.addHandler('whoami', async () => {
      await tick();
      return { requestId: currentRequestId() ?? null };
    });
    await new Promise<void>((resolve) => void server.listen(() => resolve()));
    const before = (await natsHandledRequests.get()).values.find((v) => v.metricName?.endsWith('_count') && v.labels.pattern === 'whoami')?.value ?? 0;
    fake.request('whoami', 'a', 'req-123');
    fake.request('whoami', 'b');
    fake.request('whoami', 'c', 'bad id with spaces');
    await tick();
    await tick();
    expect(fake.replies).toEqual([
      { response: { requestId: 'req-123' }, isDisposed: true, id: 'a' },
      { response: { requestId: null }, isDisposed: true, id: 'b' },
      { response: { requestId: null }, isDisposed: true, id: 'c' },
    ]);
    const count = (await natsHandledRequests.get()).values.find((v) => v.metricName?.endsWith('_count') && v.labels.pattern === 'whoami' && v.labels.status === '200');
    expect(count?.value).toBe(before + 3);
  });
});
