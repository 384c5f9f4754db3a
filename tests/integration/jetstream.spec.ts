import { randomUUID } from 'node:crypto';
import { connect, DiscardPolicy, type JetStreamManager, type NatsConnection } from 'nats';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deadLetterStreamName, deadLetterSubject } from '@fluent/contracts';
import {
  ensureConsumer,
  ensureStream,
  EVENT_NOT_APPLIED,
  JetStreamEvents,
  natsAuthOptions,
  reconcileJetStream,
  UnprocessableEventError,
  type ConsumeOptions,
  type ConsumerSpec,
  type DeadLetter,
  type EventsLogger,
  type StreamSpec,
} from '@fluent/server-kit';
import { natsUrl, natsUser } from '../support/stack';

/** A stream of this file's own (the harness may manage streams; the services may not). */
const STREAM = 'FLUENT_TEST_EVENTS';
const SECOND_NS = 1_000_000_000;
const DAY_MS = 86_400_000;

const streamSpec = (name: string, subjects: string[], overrides: Partial<StreamSpec['limits']> = {}): StreamSpec => ({
  name,
  subjects,
  limits: { maxAgeMs: DAY_MS, maxBytes: 64 * 1024 * 1024, maxMsgs: -1, discard: 'old', ...overrides },
  duplicateWindowMs: 60_000,
  replicas: 1,
});

// The JetStream helpers against the real nats-server: what the setup step creates
// (reconcileJetStream, ensureStream, ensureConsumer) and how a service reads its own durable
// (JetStreamEvents): nothing published while a consumer is down is lost, duplicates are dropped, a
// failing handler gets the message again (a bounded number of times, or until it is applied), then
// the dead-letter stream.
describe('JetStream', () => {
  const open: JetStreamEvents[] = [];
  const logs: string[] = [];
  const logger: EventsLogger = {
    log: (m) => logs.push(`log ${m}`),
    warn: (m) => logs.push(`warn ${m}`),
    error: (m) => logs.push(`error ${m}`),
  };
  const events = () => {
    const instance = new JetStreamEvents({ url: natsUrl, name: 'integration-test', logger, ...natsUser('test') });
    open.push(instance);
    return instance;
  };
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  /** A durable of its own on the test stream, for a subject of its own. */
  const consumer = async (handlerTries: ConsumerSpec['handlerTries'] = 5, ackWaitMs = 30_000) => {
    const spec = { stream: STREAM, durable: `durable-${randomUUID()}`, filterSubject: `events.test.${randomUUID()}`, ackWaitMs, handlerTries };
    await ensureConsumer(jsm, spec, logger);
    return spec;
  };

  /** A reader on the durable whose handler notes each delivery's count, then runs `handle` (a throw fails that delivery). */
  const consumeNotingTries = async (durable: string, handle: (deliveryCount: number) => void, options: ConsumeOptions) => {
    const bus = events();
    await bus.connect();
    const tries: number[] = [];
    await bus.consume(
      STREAM,
      durable,
      async (_data, { deliveryCount }) => {
        tries.push(deliveryCount);
        handle(deliveryCount);
      },
      options,
    );
    return { bus, tries };
  };
  /** Waits until the durable has nothing left: no event pending, none delivered and unacknowledged. */
  const drained = (durable: string) =>
    waitForValue(async () => {
      const info = await jsm.consumers.info(STREAM, durable);
      return info.num_ack_pending + info.num_pending === 0 ? info : undefined;
    });

  beforeAll(async () => {
    nc = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('test')) });
    jsm = await nc.jetstreamManager();
    await ensureStream(jsm, streamSpec(STREAM, ['events.test.>']), logger);
    await ensureStream(jsm, streamSpec(deadLetterStreamName(STREAM), [deadLetterSubject(STREAM, '>')]), logger);
  });
  afterAll(async () => {
    await jsm.streams.delete(STREAM).catch(() => undefined);
    await jsm.streams.delete(deadLetterStreamName(STREAM)).catch(() => undefined);
    await nc.drain();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((e) => e.close()));
    logs.length = 0;
  });

  it('delivers an event published while the durable consumer was stopped', async () => {
    const { durable, filterSubject: subject } = await consumer();
    const received: unknown[] = [];

    const first = events();
    await first.connect();
    await first.consume(STREAM, durable, async (data) => void received.push(data));
    await first.close();

    const publisher = events();
    await publisher.connect();
    await publisher.publish(subject, { n: 1 }, randomUUID());
    expect(received).toEqual([]);

    const restarted = events();
    await restarted.connect();
    await restarted.consume(STREAM, durable, async (data) => void received.push(data));
    await waitFor(() => received.length === 1);
    expect(received).toEqual([{ n: 1 }]);
  });

  it('drops a second publish with the same message id: the consumer sees the next event but never the duplicate', async () => {
    const { durable, filterSubject: subject } = await consumer();
    const bus = events();
    await bus.connect();
    const id = randomUUID();
    expect(await bus.publish(subject, { n: 1 }, id)).toBe(true);
    expect(await bus.publish(subject, { n: 1 }, id)).toBe(false);
    // A marker published after the duplicate: once the consumer has it, a delivered duplicate
    // would already have arrived (one subject, delivered in order).
    await bus.publish(subject, { marker: true }, randomUUID());

    const received: unknown[] = [];
    await bus.consume(STREAM, durable, async (data) => void received.push(data));
    await waitFor(() => received.some((d) => (d as { marker?: boolean }).marker));
    expect(received).toEqual([{ n: 1 }, { marker: true }]);
  });

  it('redelivers an event whose handler failed', async () => {
    const { durable, filterSubject: subject } = await consumer();
    const bus = events();
    await bus.connect();
    let attempts = 0;
    const handled: unknown[] = [];
    await bus.consume(
      STREAM,
      durable,
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

  it("dead-letters an event after the consumer's tries, with its subject, delivery count and error, and delivers it no more", async () => {
    const { durable, filterSubject: subject } = await consumer(3);
    const bus = events();
    await bus.connect();
    const tries: number[] = [];
    const markers: unknown[] = [];
    await bus.consume<{ poison?: boolean }>(
      STREAM,
      durable,
      async (data, { deliveryCount }) => {
        if (!data.poison) return void markers.push(data);
        tries.push(deliveryCount);
        throw new Error('cannot apply this event');
      },
      { retryDelayMs: 50 },
    );
    await bus.publish(subject, { poison: true, n: 7 }, randomUUID());

    const letter = await waitForValue(() => lastDeadLetter(jsm, deadLetterSubject(STREAM, durable)), 15_000);
    expect(letter).toMatchObject({ stream: STREAM, durable, subject, deliveryCount: 3, error: 'cannot apply this event', data: { poison: true, n: 7 } });
    expect(deadLetterSubject(STREAM, durable).startsWith('events.')).toBe(false);
    expect(logs.some((l) => l.startsWith('error Dead-lettered'))).toBe(true);

    // Terminated: a later event arrives, the poisoned one never again.
    await bus.publish(subject, { marker: true }, randomUUID());
    await waitFor(() => markers.length === 1, 10_000);
    expect(tries).toEqual([1, 2, 3]);
    await drained(durable);
  });

  it('retries an event without a limit on an unlimited consumer, at capped pauses, alerting once it has failed often, until it is applied', async () => {
    const { durable, filterSubject: subject } = await consumer('unlimited');
    expect((await jsm.consumers.info(STREAM, durable)).config.max_deliver).toBe(-1);
    const { bus, tries } = await consumeNotingTries(
      durable,
      (deliveryCount) => {
        // Fails more often than any bounded consumer here tries (and than the old limit of 50 would allow at this pace).
        if (deliveryCount < 12) throw new Error('database unavailable');
      },
      { retryDelayMs: 20, maxRetryDelayMs: 80, alertAfterDeliveries: 4 },
    );
    await bus.publish(subject, { payment: true }, randomUUID());
    await waitFor(() => tries.at(-1) === 12, 20_000);
    expect(tries).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(logs.filter((l) => l.startsWith('warn Handler of'))).toHaveLength(3);
    const alerts = logs.filter((l) => l.startsWith(`error ${EVENT_NOT_APPLIED}: ${durable} has failed ${subject}`));
    expect(alerts).toHaveLength(8);
    expect(alerts[0]).toMatch(/4 times, published 0 min ago: database unavailable; retrying in 80 ms$/);
    expect(await lastDeadLetter(jsm, deadLetterSubject(STREAM, durable))).toBeUndefined();
    // Applied on the twelfth try, then acknowledged: nothing left for this consumer.
    await drained(durable);
  });

  it('dead-letters an UnprocessableEventError on its first delivery, without retries', async () => {
    const { durable, filterSubject: subject } = await consumer('unlimited');
    const { bus, tries } = await consumeNotingTries(
      durable,
      () => {
        throw new UnprocessableEventError('breaks the schema');
      },
      { retryDelayMs: 50 },
    );
    await bus.publish(subject, { broken: true }, randomUUID());
    const letter = await waitForValue(() => lastDeadLetter(jsm, deadLetterSubject(STREAM, durable)), 15_000);
    expect(letter).toMatchObject({ durable, subject, deliveryCount: 1, error: 'breaks the schema', data: { broken: true } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(tries).toEqual([1]);
  });

  it('cannot read a consumer the setup step has not created: it says so, and creates nothing', async () => {
    const durable = `durable-${randomUUID()}`;
    const bus = events();
    await bus.connect();
    await expect(bus.consume(STREAM, durable, async () => undefined)).rejects.toThrow(
      `consumer ${durable} on stream ${STREAM} does not exist (yet): the JetStream setup step creates it`,
    );
    await expect(jsm.consumers.info(STREAM, durable)).rejects.toThrow(/consumer not found/);
  });

  it('applies changed consumer settings to an existing durable, and the reader follows its new number of tries', async () => {
    const spec = await consumer(5);
    const before = await jsm.consumers.info(STREAM, spec.durable);
    expect([before.config.ack_wait, before.config.max_deliver]).toEqual([30 * SECOND_NS, 6]);
    expect(await ensureConsumer(jsm, spec, logger)).toBe('unchanged');

    expect(await ensureConsumer(jsm, { ...spec, ackWaitMs: 7_000, handlerTries: 2 }, logger)).toBe('updated');
    const after = await jsm.consumers.info(STREAM, spec.durable);
    // One delivery beyond the handler's tries is kept for dead-lettering a try that never answered.
    expect([after.config.ack_wait, after.config.max_deliver]).toEqual([7 * SECOND_NS, 3]);
    expect(logs.some((l) => l.startsWith(`log Consumer ${spec.durable} updated`))).toBe(true);

    const { bus, tries } = await consumeNotingTries(
      spec.durable,
      () => {
        throw new Error('fails');
      },
      { retryDelayMs: 50 },
    );
    await bus.publish(spec.filterSubject, { n: 1 }, randomUUID());
    await waitForValue(() => lastDeadLetter(jsm, deadLetterSubject(STREAM, spec.durable)), 15_000);
    expect(tries).toEqual([1, 2]);
  });

  it('creates a stream with limits and applies changed limits to the existing stream', async () => {
    const stream = `TEST_${randomUUID().replaceAll('-', '')}`;
    const subjects = [`test.${stream}.>`];
    try {
      expect(await ensureStream(jsm, streamSpec(stream, subjects, { maxAgeMs: 3_600_000, maxBytes: 1_000_000 }), logger)).toBe('created');
      const created = await jsm.streams.info(stream);
      expect(created.config).toMatchObject({ max_age: 3600 * SECOND_NS, max_bytes: 1_000_000, max_msgs: -1, discard: DiscardPolicy.Old, duplicate_window: 60 * SECOND_NS });

      expect(await ensureStream(jsm, streamSpec(stream, subjects, { maxAgeMs: 7_200_000, maxMsgs: 500, discard: 'new' }), logger)).toBe('updated');
      const updated = await jsm.streams.info(stream);
      expect(updated.config).toMatchObject({ max_age: 7200 * SECOND_NS, max_msgs: 500, discard: DiscardPolicy.New, max_bytes: 64 * 1024 * 1024 });
      expect(logs.some((l) => l.startsWith(`log Stream ${stream} updated`))).toBe(true);
    } finally {
      await jsm.streams.delete(stream).catch(() => undefined);
    }
  });

  it('reconciles a topology: deletes a retired stream, saying what it held, and creates streams and consumers once', async () => {
    const id = randomUUID().replaceAll('-', '');
    const retired = `TEST_RETIRED_${id}`;
    const fresh = `TEST_FRESH_${id}`;
    // Subjects the harness may publish to, and no other stream holds.
    await ensureStream(jsm, streamSpec(retired, [`lifecycle.retired-${id}.>`]), logger);
    await nc.jetstream().publish(`lifecycle.retired-${id}.old`, new Uint8Array([1]));
    const topology = {
      streams: [streamSpec(fresh, [`lifecycle.retired-${id}.>`])],
      consumers: [{ stream: fresh, durable: 'reader', filterSubject: `lifecycle.retired-${id}.new`, ackWaitMs: 30_000, handlerTries: 'unlimited' as const }],
      retiredStreams: [retired],
    };
    try {
      expect(await reconcileJetStream(jsm, topology, logger)).toEqual({
        streams: { [fresh]: 'created' },
        consumers: { reader: 'created' },
        retired: [{ stream: retired, messages: 1, paymentEvents: 0 }],
      });
      await expect(jsm.streams.info(retired)).rejects.toThrow(/stream not found/);
      expect(logs.some((l) => l.startsWith(`warn Retired stream ${retired} deleted (1 messages`))).toBe(true);
      expect(await reconcileJetStream(jsm, topology, logger)).toEqual({ streams: { [fresh]: 'unchanged' }, consumers: { reader: 'unchanged' }, retired: [] });
    } finally {
      await jsm.streams.delete(fresh).catch(() => undefined);
      await jsm.streams.delete(retired).catch(() => undefined);
    }
  });

  it('keeps reading when its consumer is deleted underneath: the loop waits and reopens it once the setup step has made it again', async () => {
    const spec = await consumer();
    const bus = events();
    await bus.connect();
    const received: unknown[] = [];
    await bus.consume(STREAM, spec.durable, async (data) => void received.push(data));
    await bus.publish(spec.filterSubject, { n: 1 }, randomUUID());
    await waitFor(() => received.length === 1);

    await jsm.consumers.delete(STREAM, spec.durable);
    await waitFor(() => logs.some((l) => l.includes(`Consumer ${spec.durable}`) && l.includes('reopening')), 10_000);
    await ensureConsumer(jsm, spec, logger);
    await bus.publish(spec.filterSubject, { n: 2 }, randomUUID());
    // Created again from the start of the stream, so the first event comes again (handlers are idempotent).
    await waitFor(() => received.some((d) => (d as { n: number }).n === 2), 20_000);
  });

  it('close() lets the handler in progress finish and ack before the connection closes', async () => {
    const { durable, filterSubject: subject } = await consumer(5, 2000);
    const bus = events();
    await bus.connect();
    let started = 0;
    let finished = 0;
    await bus.consume(STREAM, durable, async () => {
      started += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      finished += 1;
    });
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
