import { randomUUID } from 'node:crypto';
import { connect, DiscardPolicy, type JetStreamManager, type NatsConnection } from 'nats';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  deadLetterStreamName,
  deadLetterSubject,
  JetStreamEvents,
  UnprocessableEventError,
  type DeadLetter,
  type EventsLogger,
  type JetStreamEventsOptions,
} from '@fluent/server-kit';
import { natsAuthOptions } from '@fluent/server-kit';
import { natsUrl, natsUser } from '../support/stack';

const STREAM = 'FLUENT_EVENTS';
const SECOND_NS = 1_000_000_000;

// The JetStream helper against the real nats-server: nothing published while a consumer is down
// is lost, duplicates are dropped, a failing handler gets the message again a bounded number of
// times and then lands in the dead-letter stream, changed settings are applied to what exists.
describe('JetStreamEvents', () => {
  const open: JetStreamEvents[] = [];
  const logs: string[] = [];
  const logger: EventsLogger = {
    log: (m) => logs.push(`log ${m}`),
    warn: (m) => logs.push(`warn ${m}`),
    error: (m) => logs.push(`error ${m}`),
  };
  const events = (options: Partial<JetStreamEventsOptions> = {}) => {
    const instance = new JetStreamEvents({ url: natsUrl, name: 'integration-test', logger, ...natsUser('test'), ...options });
    open.push(instance);
    return instance;
  };
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  beforeAll(async () => {
    nc = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('test')) });
    jsm = await nc.jetstreamManager();
  });
  afterAll(async () => {
    await nc.drain();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((e) => e.close()));
    logs.length = 0;
  });

  it('delivers an event published while the durable consumer was stopped', async () => {
    const subject = `events.test.${randomUUID()}`;
    const durable = `durable-${randomUUID()}`;
    const received: unknown[] = [];

    const consumer = events();
    await consumer.connect();
    await consumer.consume(durable, subject, async (data) => void received.push(data));
    await consumer.close();

    const publisher = events();
    await publisher.connect();
    await publisher.publish(subject, { n: 1 }, randomUUID());
    expect(received).toEqual([]);

    const restarted = events();
    await restarted.connect();
    await restarted.consume(durable, subject, async (data) => void received.push(data));
    await waitFor(() => received.length === 1);
    expect(received).toEqual([{ n: 1 }]);
  });

  it('drops a second publish with the same message id: the consumer sees the next event but never the duplicate', async () => {
    const subject = `events.test.${randomUUID()}`;
    const publisher = events();
    await publisher.connect();
    const id = randomUUID();
    expect(await publisher.publish(subject, { n: 1 }, id)).toBe(true);
    expect(await publisher.publish(subject, { n: 1 }, id)).toBe(false);
    // A marker published after the duplicate: once the consumer has it, a delivered duplicate
    // would already have arrived (one subject, delivered in order).
    await publisher.publish(subject, { marker: true }, randomUUID());

    const received: unknown[] = [];
    await publisher.consume(`durable-${randomUUID()}`, subject, async (data) => void received.push(data));
    await waitFor(() => received.some((d) => (d as { marker?: boolean }).marker));
    expect(received).toEqual([{ n: 1 }, { marker: true }]);
  });

  it('redelivers an event whose handler failed', async () => {
    const subject = `events.test.${randomUUID()}`;
    const bus = events();
    await bus.connect();
    let attempts = 0;
    const handled: unknown[] = [];
    await bus.consume(
      `durable-${randomUUID()}`,
      subject,
      async (data) => {
        attempts += 1;
        if (attempts === 1) throw new Error('database unavailable');
        handled.push(data);
      },
      { retryDelayMs: 100 },
    );
    await bus.publish(subject, { n: 2 }, randomUUID());
    await waitFor(() => handled.length === 1, 10_000);
    expect(attempts).toBe(2);
  });

  it('dead-letters an event after maxDeliver failed tries, with its subject, delivery count and error, and delivers it no more', async () => {
    const subject = `events.test.${randomUUID()}`;
    const durable = `durable-${randomUUID()}`;
    const bus = events();
    await bus.connect();
    const tries: number[] = [];
    const markers: unknown[] = [];
    await bus.consume<{ poison?: boolean }>(
      durable,
      subject,
      async (data, { deliveryCount }) => {
        if (!data.poison) return void markers.push(data);
        tries.push(deliveryCount);
        throw new Error('cannot apply this event');
      },
      { maxDeliver: 3, retryDelayMs: 50 },
    );
    await bus.publish(subject, { poison: true, n: 7 }, randomUUID());

    const letter = await waitForValue(() => lastDeadLetter(jsm, deadLetterSubject(STREAM, durable)), 15_000);
    expect(letter).toMatchObject({
      stream: STREAM,
      durable,
      subject,
      deliveryCount: 3,
      error: 'cannot apply this event',
      data: { poison: true, n: 7 },
    });
    expect(deadLetterSubject(STREAM, durable).startsWith('events.')).toBe(false);
    expect(logs.some((l) => l.startsWith('error Dead-lettered'))).toBe(true);

    // Terminated: a later event arrives, the poisoned one never again.
    await bus.publish(subject, { marker: true }, randomUUID());
    await waitFor(() => markers.length === 1, 10_000);
    expect(tries).toEqual([1, 2, 3]);
    // The marker's ack follows its handler: wait for the server to have it, then nothing is left.
    const info = await waitForValue(async () => {
      const current = await jsm.consumers.info(STREAM, durable);
      return current.num_ack_pending === 0 ? current : undefined;
    });
    expect(info.num_pending).toBe(0);
  });

  it('dead-letters an UnprocessableEventError on its first delivery, without retries', async () => {
    const subject = `events.test.${randomUUID()}`;
    const durable = `durable-${randomUUID()}`;
    const bus = events();
    await bus.connect();
    const tries: number[] = [];
    await bus.consume(
      durable,
      subject,
      async (_data, { deliveryCount }) => {
        tries.push(deliveryCount);
        throw new UnprocessableEventError('breaks the schema');
      },
      { maxDeliver: 5, retryDelayMs: 50 },
    );
    await bus.publish(subject, { broken: true }, randomUUID());
    const letter = await waitForValue(() => lastDeadLetter(jsm, deadLetterSubject(STREAM, durable)), 15_000);
    expect(letter).toMatchObject({ durable, subject, deliveryCount: 1, error: 'breaks the schema', data: { broken: true } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(tries).toEqual([1]);
  });

  it('applies changed consumer settings to an existing durable consumer', async () => {
    const subject = `events.test.${randomUUID()}`;
    const durable = `durable-${randomUUID()}`;
    const first = events();
    await first.connect();
    await first.consume(durable, subject, async () => undefined, { ackWaitMs: 30_000, maxDeliver: 5 });
    await first.close();
    const before = await jsm.consumers.info(STREAM, durable);
    expect(before.config.ack_wait).toBe(30 * SECOND_NS);

    const second = events();
    await second.connect();
    await second.consume(durable, subject, async () => undefined, { ackWaitMs: 7_000, maxDeliver: 2 });
    const after = await jsm.consumers.info(STREAM, durable);
    expect(after.config.ack_wait).toBe(7 * SECOND_NS);
    // One delivery beyond the handler's tries is kept for dead-lettering a try that never answered.
    expect(after.config.max_deliver).toBe(3);
    expect(logs.some((l) => l.startsWith(`log Consumer ${durable} updated`))).toBe(true);
  });

  it('creates a stream with limits and applies changed limits to the existing stream', async () => {
    const stream = `TEST_${randomUUID().replaceAll('-', '')}`;
    const subjects = [`test.${stream}.>`];
    try {
      const first = events({ stream, subjects, limits: { maxAgeMs: 3_600_000, maxBytes: 1_000_000, discard: 'old' } });
      await first.connect();
      const created = await jsm.streams.info(stream);
      expect(created.config).toMatchObject({ max_age: 3600 * SECOND_NS, max_bytes: 1_000_000, max_msgs: -1, discard: DiscardPolicy.Old });

      const second = events({ stream, subjects, limits: { maxAgeMs: 7_200_000, maxMsgs: 500, discard: 'new' } });
      await second.connect();
      const updated = await jsm.streams.info(stream);
      expect(updated.config).toMatchObject({ max_age: 7200 * SECOND_NS, max_msgs: 500, discard: DiscardPolicy.New });
      // maxBytes not given the second time: back to the default limit, not left at 1 MB.
      expect(updated.config.max_bytes).toBe(1024 * 1024 * 1024);
      expect(logs.some((l) => l.startsWith(`log Stream ${stream} updated`))).toBe(true);
    } finally {
      await jsm.streams.delete(stream).catch(() => undefined);
      await jsm.streams.delete(deadLetterStreamName(stream)).catch(() => undefined);
    }
  });

  it('keeps consuming when its consumer is deleted underneath: the loop restarts and creates it again', async () => {
    const subject = `events.test.${randomUUID()}`;
    const durable = `durable-${randomUUID()}`;
    const bus = events();
    await bus.connect();
    const received: unknown[] = [];
    await bus.consume(durable, subject, async (data) => void received.push(data));
    await bus.publish(subject, { n: 1 }, randomUUID());
    await waitFor(() => received.length === 1);

    await jsm.consumers.delete(STREAM, durable);
    await waitFor(() => logs.some((l) => l.includes(`Consumer ${durable}`) && l.includes('restarting')), 10_000);
    await bus.publish(subject, { n: 2 }, randomUUID());
    // Created again from the start of the stream, so the first event comes again (handlers are idempotent).
    await waitFor(() => received.some((d) => (d as { n: number }).n === 2), 20_000);
    expect((await jsm.consumers.info(STREAM, durable)).config.filter_subject).toBe(subject);
  });

  it('close() lets the handler in progress finish and ack before the connection closes', async () => {
    const subject = `events.test.${randomUUID()}`;
    const durable = `durable-${randomUUID()}`;
    const bus = events();
    await bus.connect();
    let started = 0;
    let finished = 0;
    await bus.consume(
      durable,
      subject,
      async () => {
        started += 1;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        finished += 1;
      },
      { ackWaitMs: 2000 },
    );
    await bus.publish(subject, { slow: true }, randomUUID());
    await waitFor(() => started === 1);
    await bus.close();
    expect(finished).toBe(1);

    // Acked: well past the ack wait, nothing is pending or redelivered.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const info = await jsm.consumers.info(STREAM, durable);
    expect(info.num_ack_pending).toBe(0);
    expect(info.ack_floor.stream_seq).toBe(info.delivered.stream_seq);
  });
});

async function lastDeadLetter(jsm: JetStreamManager, subject: string): Promise<DeadLetter | undefined> {
  try {
    const message = await jsm.streams.getMessage(deadLetterStreamName(STREAM), { last_by_subj: subject });
    return message.json<DeadLetter>();
  } catch {
    return undefined;
  }
}

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function waitForValue<T>(probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('value not available in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
