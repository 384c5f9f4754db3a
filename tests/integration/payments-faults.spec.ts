import { connect, DiscardPolicy } from 'nats';
import { describe, expect, it } from 'vitest';
import { EventStreams } from '@fluent/contracts';
import { natsAuthOptions } from '@fluent/server-kit';
import { api, eventually, natsUrl, natsUser, startComponentNamed, stopComponentNamed } from '../support/stack';
import { signUp } from '../support/users';
import { createIntent, deliverWebhook, entitlement, me, payWithCard, signUpMany, succeededEvent, waitUntilEntitled, waitUntilPaid } from '../support/payments';

const PAYMENTS = 20;

const healthy = () => eventually(() => api('/api/health'), (r) => r.status === 200, 90_000);

// Payments while the consumers or NATS are away: the event is durable, so nothing is lost, and
// Stripe's retries (non-2xx while NATS is down) bring in what could not be published.
describe('payments across outages', () => {
  it(`stops auth-service and catalog-service, completes ${PAYMENTS} payments, starts them: all ${PAYMENTS} learners are paid and entitled (0 lost)`, async () => {
    const learners = await signUpMany(PAYMENTS);
    await stopComponentNamed('auth-service');
    await stopComponentNamed('catalog-service');
    let answers: { status: number; body: unknown }[] = [];
    try {
      for (let i = 0; i < learners.length; i += 5) {
        answers = answers.concat(await Promise.all(learners.slice(i, i + 5).map((l) => payWithCard(l.tokens.accessToken))));
      }
    } finally {
      await startComponentNamed('auth-service');
      await startComponentNamed('catalog-service');
    }
    expect(answers.map((a) => a.status)).toEqual(learners.map(() => 200));
    await healthy();
    const users = await Promise.all(learners.map((l) => waitUntilPaid(l.tokens.accessToken, 60_000)));
    expect(users.filter((u) => u.paidTests === true)).toHaveLength(PAYMENTS);
    const entitled = await Promise.all(learners.map((l) => waitUntilEntitled(l.tokens.accessToken, 60_000)));
    expect(entitled).toEqual(learners.map(() => ({ paid: true, premiumOpen: true })));
  }, 300_000);

  it('answers the webhook non-2xx while NATS is down; the retried delivery applies it once NATS is back', async () => {
    const { tokens } = await signUp();
    const uid = (await me(tokens.accessToken)).body.uid as string;
    const body = JSON.stringify(succeededEvent(uid));
    await stopComponentNamed('nats');
    let duringOutage: { status: number; body: unknown };
    try {
      duringOutage = await deliverWebhook(body);
    } finally {
      await startComponentNamed('nats');
    }
    expect(duringOutage.status).toBeGreaterThanOrEqual(500);
    // Stripe delivers again (with growing pauses) until it gets a 2xx.
    const retried = await eventually(() => deliverWebhook(body), (r) => r.status === 200, 120_000);
    // 'published', not 'duplicate': the failed delivery had stored nothing.
    expect(retried.body).toEqual({ received: true, outcome: 'published' });
    const user = await waitUntilPaid(tokens.accessToken, 60_000);
    expect(await waitUntilEntitled(tokens.accessToken)).toEqual({ paid: true, premiumOpen: true });
    expect(user.paymentDate).toBe(new Date(JSON.parse(body).created * 1000).toISOString());
    expect((await deliverWebhook(body)).body).toEqual({ received: true, outcome: 'duplicate' });
    await healthy();
  }, 300_000);
});

describe('payments when JetStream refuses the event', () => {
  it('answers the webhook 503 and records nothing while the stream refuses to store; the retry applies it', async () => {
    const { tokens } = await signUp();
    const uid = (await me(tokens.accessToken)).body.uid as string;
    const body = JSON.stringify(succeededEvent(uid));
    const nc = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('test')) });
    try {
      const jsm = await nc.jetstreamManager();
      const { config, state } = await jsm.streams.info(EventStreams.payments);
      // Full, refusing new messages: core NATS and every service are up, only the publish fails.
      await jsm.streams.update(EventStreams.payments, { ...config, max_msgs: state.messages, discard: DiscardPolicy.New });
      let refused: { status: number; body: unknown };
      try {
        refused = await deliverWebhook(body);
      } finally {
        await jsm.streams.update(EventStreams.payments, config);
      }
      expect(refused).toEqual({ status: 503, body: { statusCode: 503, message: 'Payments are unavailable right now. Please try again.' } });
      // Nothing recorded: payment-service would answer 409 to a learner it had seen pay.
      expect((await createIntent(tokens.accessToken)).status).toBe(200);
      expect((await me(tokens.accessToken)).body.paidTests).toBeFalsy();
      expect(await entitlement(tokens.accessToken)).toEqual({ paid: false, premiumOpen: false });

      expect((await deliverWebhook(body)).body).toEqual({ received: true, outcome: 'published' });
      await waitUntilPaid(tokens.accessToken);
      expect((await createIntent(tokens.accessToken)).status).toBe(409);
    } finally {
      await nc.close();
    }
  });
});
