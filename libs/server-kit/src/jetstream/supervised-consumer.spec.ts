import { JSONCodec, type JetStreamClient, type JsMsg } from 'nats';
import { describe, expect, it, vi } from 'vitest';
import { EVENT_NOT_APPLIED, SupervisedConsumer } from './supervised-consumer';
import { serverMaxDeliver } from './reconcile';

// The counters only (prom-client's registry is not the point here).
vi.mock('./metrics', () => {
  const counter = () => ({ inc: vi.fn() });
  return { jetStreamAlerts: counter(), jetStreamDeadLetters: counter(), jetStreamDeliveries: counter() };
});

const codec = JSONCodec<unknown>();

/** One message of stream sequence 7, on its `delivery`-th delivery, with spies for what the consumer does with it. */
function delivery(delivery: number) {
  return {
    subject: 'events.payment.succeeded',
    seq: 7,
    data: codec.encode({ uid: 'user-1', paymentIntentId: 'pi_1', amount: 4999, currency: 'usd', at: new Date().toISOString() }),
    headers: undefined,
    info: { redeliveryCount: delivery, timestampNanos: Date.now() * 1_000_000, stream: 'FLUENT_PAYMENTS', streamSequence: 7 },
    nak: vi.fn(),
    term: vi.fn(),
    ackAck: vi.fn(async () => true),
  };
}

/**
 * Runs a SupervisedConsumer over a fake JetStream whose consumer has `maxDeliver` (as the setup step
 * created it from the topology) and hands it the same message `deliveries` times, to a handler that
 * always fails (the database is away). Returns the messages, the log and what was published (dead letters).
 */
async function failEveryTime(maxDeliver: number, deliveries: number) {
  const messages = Array.from({ length: deliveries }, (_, i) => delivery(i + 1));
  const closing = new AbortController();
  const published: string[] = [];
  const log = { log: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const consumer = {
    info: async () => ({ config: { max_deliver: maxDeliver } }),
    consume: async () => ({
      stop: () => undefined,
      async *[Symbol.asyncIterator]() {
        for (const message of messages) yield message;
        closing.abort();
      },
    }),
  };
  const js = {
    consumers: { get: async () => consumer },
    publish: vi.fn(async (subject: string) => {
      published.push(subject);
      return { seq: 1, duplicate: false };
    }),
  } as unknown as JetStreamClient;
  const supervised = new SupervisedConsumer(
    { js, log, closing: closing.signal, isClosed: () => false },
    'FLUENT_PAYMENTS',
    'auth-service-paid-tests',
    async () => {
      throw new Error('connection closed');
    },
    { maxMessages: 10, retryDelayMs: 1000, maxRetryDelayMs: 60_000, alertAfterDeliveries: 10, handlerTries: Number.POSITIVE_INFINITY },
  );
  await supervised.run();
  return { messages: messages as unknown as (JsMsg & ReturnType<typeof delivery>)[], published, log };
}

const errors = (log: { error: ReturnType<typeof vi.fn> }) => log.error.mock.calls.map(([line]) => String(line));

describe('SupervisedConsumer of payments (#31 §4: a paid learner is never locked out)', () => {
  it('retries a payment it cannot apply without a limit, at pauses of at most a minute, and never dead-letters it', async () => {
    const { messages, published } = await failEveryTime(serverMaxDeliver('unlimited'), 60);
    expect(published).toEqual([]);
    expect(messages.filter((m) => m.term.mock.calls.length > 0)).toEqual([]);
    for (const message of messages) expect(message.nak).toHaveBeenCalledTimes(1);
    const delays = messages.map((m) => m.nak.mock.calls[0]![0] as number);
    expect(Math.max(...delays)).toBe(60_000);
  });

  it('alerts with "Event not applied" from the 10th failure on, naming the durable, the event and the count', async () => {
    const { log } = await failEveryTime(serverMaxDeliver('unlimited'), 12);
    const alerts = errors(log).filter((line) => line.startsWith(EVENT_NOT_APPLIED));
    expect(alerts).toHaveLength(3);
    expect(alerts[0]).toMatch(/^Event not applied: auth-service-paid-tests has failed events\.payment\.succeeded #7 10 times, published 0 min ago: .*connection closed/);
    expect(log.warn).toHaveBeenCalledTimes(9);
  });

  it('dead-letters after its last try only when the consumer has a limit (page views: 5 tries)', async () => {
    const { messages, published } = await failEveryTime(serverMaxDeliver(5), 5);
    expect(published).toEqual(['deadletter.FLUENT_PAYMENTS.auth-service-paid-tests']);
    expect(messages[4]!.term).toHaveBeenCalledTimes(1);
  });
});
