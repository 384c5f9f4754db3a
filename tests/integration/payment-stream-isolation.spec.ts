import { randomUUID } from 'node:crypto';
import { connect, DiscardPolicy, JSONCodec, type JetStreamManager, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSubjects } from '@fluent/contracts';
import { natsAuthOptions } from '@fluent/server-kit';
import { api, eventually, natsUrl, natsUser, startComponentNamed, stopComponentNamed } from '../support/stack';
import { payWithCard, signUpMany, waitUntilEntitled, waitUntilPaid } from '../support/payments';

const codec = JSONCodec<unknown>();
const PAYMENTS = 3;
/** The page-view stream's limit for this test: an operator's small one, reached at once. */
const PAGE_VIEW_LIMIT = 200;
const FLOOD = 1000;

// Anonymous page views must never push out a payment nobody has applied yet (#31 §2): payments
// and page views live in streams of their own, each with its own limits.
describe('payments and a flood of page views', () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  beforeAll(async () => {
    nc = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('test')) });
    jsm = await nc.jetstreamManager();
  });
  afterAll(() => nc.drain());

  it(`applies all ${PAYMENTS} payments made while their consumers were down, after ${FLOOD} page views filled the page-view stream's limit`, async () => {
    const learners = await signUpMany(PAYMENTS);
    // Whichever stream holds page views (the check does not assume the layout it tests).
    const pageViews = await jsm.streams.find(EventSubjects.pageViewed);
    const { config } = await jsm.streams.info(pageViews);
    await jsm.streams.update(pageViews, { ...config, max_msgs: PAGE_VIEW_LIMIT });
    await stopComponentNamed('auth-service');
    await stopComponentNamed('catalog-service');
    await stopComponentNamed('blog-service');
    let paid: number[] = [];
    let held: { messages: number; firstSeq: number; lastSeq: number };
    try {
      paid = await Promise.all(learners.map(async (l) => (await payWithCard(l.tokens.accessToken)).status));
      // A few hundred visitors' worth of page views while nobody applies the payments.
      for (let i = 0; i < FLOOD; i += 100) {
        await Promise.all(
          Array.from({ length: 100 }, () => {
            const event = { id: randomUUID(), path: '/flood', at: new Date().toISOString() };
            return nc.jetstream().publish(EventSubjects.pageViewed, codec.encode(event), { msgID: event.id });
          }),
        );
      }
      const state = (await jsm.streams.info(pageViews)).state;
      held = { messages: state.messages, firstSeq: state.first_seq, lastSeq: state.last_seq };
    } finally {
      await jsm.streams.update(pageViews, config);
      await startComponentNamed('blog-service');
      await startComponentNamed('catalog-service');
      await startComponentNamed('auth-service');
    }
    expect(paid).toEqual(learners.map(() => 200));
    // The flood really did reach the limit: the page-view stream dropped its oldest messages.
    expect(held.messages).toBe(PAGE_VIEW_LIMIT);
    expect(held.lastSeq - held.firstSeq + 1).toBe(PAGE_VIEW_LIMIT);

    // Every payment is still there for the consumers that were down.
    const users = await Promise.all(learners.map((l) => waitUntilPaid(l.tokens.accessToken, 60_000)));
    expect(users.map((u) => u.paidTests)).toEqual(learners.map(() => true));
    const entitled = await Promise.all(learners.map((l) => waitUntilEntitled(l.tokens.accessToken, 60_000)));
    expect(entitled).toEqual(learners.map(() => ({ paid: true, premiumOpen: true })));

    // Because they live apart, and a full payments stream refuses rather than drops.
    const payments = await jsm.streams.find(EventSubjects.paymentSucceeded);
    expect(payments).not.toBe(pageViews);
    expect((await jsm.streams.info(payments)).config.discard).toBe(DiscardPolicy.New);
    await eventually(() => api('/api/health'), (r) => r.status === 200, 90_000);
  }, 300_000);
});
