import { JSONCodec, type NatsConnection } from 'nats';
import { describe, expect, it } from 'vitest';
import { GracefulNatsServer } from './service-bootstrap';

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
  /** Delivers a request as NATS would (the Nest packet format), reply to `inbox`. */
  const request = (subject: string, id: string) =>
    callbacks.get(subject)?.(null, {
      subject,
      reply: 'inbox',
      data: codec.encode({ pattern: subject, data: {}, id }),
      headers: undefined,
      respond: (data: Uint8Array) => {
        events.push(`reply ${codec.decode(data).id}`);
        return true;
      },
    });
  return { connection: connection as unknown as NatsConnection, request };
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
});
