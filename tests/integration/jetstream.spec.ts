import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { JetStreamEvents } from '@fluent/server-kit';
import { natsUrl, natsUser } from '../support/stack';

// The JetStream helper against the real nats-server: nothing published while a consumer is down
// is lost, duplicates are dropped, a failing handler gets the message again.
describe('JetStreamEvents', () => {
  const open: JetStreamEvents[] = [];
  const events = () => {
    const instance = new JetStreamEvents({ url: natsUrl, name: 'integration-test', ...natsUser('test') });
    open.push(instance);
    return instance;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((e) => e.close()));
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

  it('drops a second publish with the same message id', async () => {
    const subject = `events.test.${randomUUID()}`;
    const publisher = events();
    await publisher.connect();
    const id = randomUUID();
    expect(await publisher.publish(subject, { n: 1 }, id)).toBe(true);
    expect(await publisher.publish(subject, { n: 1 }, id)).toBe(false);

    const received: unknown[] = [];
    await publisher.consume(`durable-${randomUUID()}`, subject, async (data) => void received.push(data));
    await waitFor(() => received.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toHaveLength(1);
  });

  it('redelivers an event whose handler failed', async () => {
    const subject = `events.test.${randomUUID()}`;
    const bus = events();
    await bus.connect();
    let attempts = 0;
    const handled: unknown[] = [];
    await bus.consume(`durable-${randomUUID()}`, subject, async (data) => {
      attempts += 1;
      if (attempts === 1) throw new Error('database unavailable');
      handled.push(data);
    });
    await bus.publish(subject, { n: 2 }, randomUUID());
    await waitFor(() => handled.length === 1, 10_000);
    expect(attempts).toBe(2);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
