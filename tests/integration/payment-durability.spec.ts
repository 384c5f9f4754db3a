import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { connect, JSONCodec, type JetStreamManager, type NatsConnection } from 'nats';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EventSubjects } from '@fluent/contracts';
import { natsAuthOptions } from '@fluent/server-kit';
import { ROOT } from '../../tools/stack/paths.mjs';
import { appEnvironment } from '../../tools/stack/profiles.mjs';
import { killStartedProcesses, runNode } from '../support/processes';
import { api, eventually, logLines, mongoUri, natsUrl, natsUser, profile, startComponentNamed, stopComponentNamed } from '../support/stack';
import { bearer, signUp } from '../support/users';
import { createIntent, deliverWebhook, entitlement, me, payWithCard, paymentEvent, PRICE, succeededEvent, waitUntilEntitled, waitUntilPaid } from '../support/payments';

const codec = JSONCodec<unknown>();
const PAYMENT_CONSUMERS = [
  ['auth-service', 'auth-service-paid-tests'],
  ['catalog-service', 'catalog-service-entitlements'],
] as const;
/** Deliveries the payment consumers used to get before a payment went to the dead letters for good. */
const OLD_LIMIT = 5;
const healthy = () => eventually(() => api('/api/health'), (r) => r.status === 200, 90_000);
const uidOf = async (token: string) => (await me(token)).body.uid as string;

// A paid learner is never locked out (#31 §4): payment consumers retry until the payment is
// applied, however long the database is away; a PaymentIntent is honoured at the price it was
// created at; replay-payments applies whatever was left in the dead letters or never applied.
describe('payment durability', () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let payments: string;
  const mongo = new MongoClient(mongoUri);
  beforeAll(async () => {
    nc = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('test')) });
    jsm = await nc.jetstreamManager();
    payments = await jsm.streams.find(EventSubjects.paymentSucceeded);
    await mongo.connect();
  });
  afterAll(async () => {
    await nc.drain();
    await mongo.close();
  });
  afterEach(() => killStartedProcesses());

  /** The dead letters a payment consumer wrote about stream sequence `seq`, if any. */
  async function deadLettersOf(durable: string, seq: number): Promise<unknown[]> {
    const subject = `deadletter.${payments}.${durable}`;
    const stream = await jsm.streams.find(subject).catch(() => undefined);
    if (!stream) return [];
    const letter = await jsm.streams.getMessage(stream, { last_by_subj: subject }).catch(() => undefined);
    const data = letter?.json<{ streamSequence: number }>();
    return data && data.streamSequence === seq ? [data] : [];
  }

  it(`unlocks a learner whose payment came while the database was down for far longer than ${OLD_LIMIT} tries, alerting meanwhile`, async () => {
    const { tokens } = await signUp();
    const uid = await uidOf(tokens.accessToken);
    await stopComponentNamed('ferretdb');
    let seq = 0;
    try {
      const ack = await nc.jetstream().publish(EventSubjects.paymentSucceeded, codec.encode(paymentEvent(uid)));
      seq = ack.seq;
      // Both consumers keep failing against the missing database: many more tries than the old
      // limit, each logged, the later ones as the alert "Event not applied".
      for (const [service, durable] of PAYMENT_CONSUMERS) {
        const alert = new RegExp(`Event not applied: ${durable} has failed events\\.payment\\.succeeded #${seq} (\\d+) times`);
        // Until it has been tried twice the old limit, or given up on (a dead letter).
        const { tries, letters } = await eventually(
          async () => ({ tries: Math.max(0, ...logLines(service, alert).map((line) => Number(alert.exec(line)![1]))), letters: await deadLettersOf(durable, seq) }),
          (state) => state.tries >= 2 * OLD_LIMIT || state.letters.length > 0,
          60_000,
        );
        expect(letters, `${durable} gave the payment up`).toEqual([]);
        expect(tries, durable).toBeGreaterThanOrEqual(2 * OLD_LIMIT);
      }
    } finally {
      await startComponentNamed('ferretdb');
    }
    expect(await waitUntilPaid(tokens.accessToken, 60_000)).toMatchObject({ paidTests: true });
    expect(await waitUntilEntitled(tokens.accessToken, 60_000)).toEqual({ paid: true, premiumOpen: true });
    for (const [, durable] of PAYMENT_CONSUMERS) expect(await deadLettersOf(durable, seq), durable).toEqual([]);
    await healthy();
  }, 180_000);

  it('honours a PaymentIntent created at the old price when it succeeds after a price change', async () => {
    const { tokens } = await signUp();
    const uid = await uidOf(tokens.accessToken);
    const intent = await createIntent(tokens.accessToken);
    expect(intent.status).toBe(200);
    // The operator raises the price: payment-service starts again with it.
    await stopComponentNamed('payment-service');
    const raised = runNode([join(ROOT, 'apps/payment-service/dist/main.js')], { ...appEnvironment(profile, 'payment-service'), PREMIUM_PRICE_CENTS: String(PRICE + 1000) });
    try {
      await raised.waitForLine(/payment-service listening/, 30_000);
      await eventually(() => api('/api/payments/config'), (r) => r.body?.price?.amount === PRICE + 1000);
      expect((await createIntent(tokens.accessToken, PRICE)).status).toBe(400);
      // Stripe reports the payment the learner confirmed: at the price of the PaymentIntent.
      const event = succeededEvent(uid, { amount: PRICE, paymentIntentId: intent.body.paymentIntentId });
      expect((await deliverWebhook(JSON.stringify(event))).body).toEqual({ received: true, outcome: 'published' });
      expect(await waitUntilPaid(tokens.accessToken)).toMatchObject({ paidTests: true });
      expect(await waitUntilEntitled(tokens.accessToken)).toEqual({ paid: true, premiumOpen: true });
      // At the new price, for that learner, it is the only amount a new PaymentIntent may have; this one is paid.
      expect((await createIntent(tokens.accessToken, PRICE + 1000)).status).toBe(409);
    } finally {
      raised.kill('SIGTERM');
      await raised.exited;
      await startComponentNamed('payment-service');
      // The stack's payment-service answers again, at the stack's price.
      await eventually(() => api('/api/payments/config'), (r) => r.body?.price?.amount === PRICE, 30_000);
    }
  }, 120_000);

  it('does not apply a payment.succeeded of an amount never charged, and keeps applying the payments after it', async () => {
    const { tokens } = await signUp();
    const uid = await uidOf(tokens.accessToken);
    const forged = await nc.jetstream().publish(EventSubjects.paymentSucceeded, codec.encode(paymentEvent(uid, { amount: 1 })));
    try {
      for (const [service, durable] of PAYMENT_CONSUMERS) {
        const refused = new RegExp(`${durable} .*#${forged.seq} .*refused: 1 usd is not a premium price`);
        await eventually(async () => logLines(service, refused).length, (n) => n > 0, 30_000);
      }
    } finally {
      // What an operator does with a forged payment: remove it (it would be retried, and alerted on, until then).
      await jsm.streams.deleteMessage(payments, forged.seq);
    }
    // A payment made after it goes through: the refused one holds nobody up.
    const later = await signUp();
    expect((await payWithCard(later.tokens.accessToken)).status).toBe(200);
    await waitUntilPaid(later.tokens.accessToken);
    await waitUntilEntitled(later.tokens.accessToken);
    expect((await me(tokens.accessToken)).body.paidTests).toBeFalsy();
    expect(await entitlement(tokens.accessToken)).toEqual({ paid: false, premiumOpen: false });
  });

  describe('replay-payments', () => {
    const replay = (...args: string[]) => runNode([join(ROOT, 'apps/payment-service/dist/replay/command.js'), ...args], appEnvironment(profile, 'payment-service'));
    /** payment-service's record of a PaymentIntent it created (payment_intents), as createIntent leaves it. */
    const recordIntent = (id: string, uid: string, amount: number) =>
      mongo.db().collection<{ _id: string; [field: string]: unknown }>('payment_intents').insertOne({ _id: id, uid, amount, currency: 'usd', createdAt: new Date() });
    /** A dead letter of auth-service's payment consumer, as its reader writes one after the last try. */
    const deadLetterOf = (data: unknown) => ({
      stream: payments,
      durable: 'auth-service-paid-tests',
      subject: EventSubjects.paymentSucceeded,
      streamSequence: 1,
      deliveryCount: 50,
      error: 'connection closed',
      failedAt: new Date().toISOString(),
      data,
    });

    it("refuses a dead letter that does not match payment-service's record of the PaymentIntent (another learner, another amount), saying why", async () => {
      const [victim, forger] = [await signUp(), await signUp()];
      const victimUid = await uidOf(victim.tokens.accessToken);
      const forgerUid = await uidOf(forger.tokens.accessToken);
      // The victim's real PaymentIntent, claimed in a letter for the forger; and one of the forger's
      // own, at the price, claimed in a letter for a cent.
      const stolen = paymentEvent(forgerUid);
      await recordIntent(stolen.paymentIntentId, victimUid, PRICE);
      const cheap = paymentEvent(forgerUid, { amount: 1 });
      await recordIntent(cheap.paymentIntentId, forgerUid, PRICE);
      const invented = paymentEvent(forgerUid);
      for (const data of [stolen, cheap, invented]) await nc.jetstream().publish(`deadletter.${payments}.auth-service-paid-tests`, codec.encode(deadLetterOf(data)));

      const run = replay('--wait-ms=60000');
      await run.waitForLine(new RegExp(`refused: ${stolen.paymentIntentId} for ${forgerUid} \\(deadletter:[^)]+\\): the PaymentIntent belongs to another learner \\(${victimUid}\\)`), 30_000);
      await run.waitForLine(new RegExp(`refused: ${cheap.paymentIntentId} for ${forgerUid} \\(deadletter:[^)]+\\): the PaymentIntent was created for ${PRICE} usd, the letter says 1 usd`), 30_000);
      await run.waitForLine(new RegExp(`refused: ${invented.paymentIntentId} for ${forgerUid} \\(deadletter:[^)]+\\): payment-service created no such PaymentIntent`), 30_000);
      expect(await run.exited).toEqual({ code: 0, signal: null });
      const forged = [stolen, cheap, invented].map((p) => p.paymentIntentId).join('|');
      await expect(run.waitForLine(new RegExp(`unrecorded: (${forged})`), 1_000)).rejects.toThrow(/exited/);
      // Nothing was published or recorded for them: neither learner is unlocked by it.
      const recorded = await mongo.db().collection('succeeded_payments').countDocuments({ _id: { $in: [stolen, cheap, invented].map((p) => p.paymentIntentId) } as never });
      expect(recorded).toBe(0);
      for (const learner of [victim, forger]) {
        expect((await me(learner.tokens.accessToken)).body.paidTests).toBeFalsy();
        expect(await entitlement(learner.tokens.accessToken)).toEqual({ paid: false, premiumOpen: false });
      }
    }, 180_000);

    it('applies payments left in the dead letters or never applied, once the consumers can: a dry run first changes nothing', async () => {
      // One learner whose payment event went to the dead letters (as after the old 45-minute
      // window), one whose payment payment-service recorded but whose event never reached the
      // consumers (an event older than the stream keeps).
      const [lettered, lost] = [await signUp(), await signUp()];
      const letteredUid = await uidOf(lettered.tokens.accessToken);
      const lostUid = await uidOf(lost.tokens.accessToken);
      const letteredPayment = paymentEvent(letteredUid);
      const deadLetter = deadLetterOf(letteredPayment);
      // payment-service created that PaymentIntent for that learner at that price (what the letter is checked against).
      await recordIntent(letteredPayment.paymentIntentId, letteredUid, PRICE);
      await nc.jetstream().publish(`deadletter.${payments}.auth-service-paid-tests`, codec.encode(deadLetter));
      const lostPayment = paymentEvent(lostUid);
      await mongo.db().collection<{ _id: string; [field: string]: unknown }>('succeeded_payments').insertOne({
        _id: lostPayment.paymentIntentId,
        uid: lostUid,
        amount: PRICE,
        currency: 'usd',
        eventId: 'evt_test_lost',
        succeededAt: lostPayment.at,
        recordedAt: new Date(),
      });

      const dry = replay('--dry-run');
      await dry.waitForLine(new RegExp(`would publish ${letteredPayment.paymentIntentId} for ${letteredUid}`), 30_000);
      await dry.waitForLine(new RegExp(`would publish ${lostPayment.paymentIntentId} for ${lostUid}`), 30_000);
      expect(await dry.exited).toEqual({ code: 0, signal: null });
      expect((await me(lettered.tokens.accessToken)).body.paidTests).toBeFalsy();

      const run = replay('--wait-ms=60000');
      await run.waitForLine(new RegExp(`unrecorded: ${letteredPayment.paymentIntentId} for ${letteredUid}`), 30_000);
      await run.waitForLine(/auth-service-paid-tests: applied every payment/, 90_000);
      await run.waitForLine(/catalog-service-entitlements: applied every payment/, 90_000);
      expect(await run.exited).toEqual({ code: 0, signal: null });
      for (const learner of [lettered, lost]) {
        expect((await me(learner.tokens.accessToken)).body.paidTests).toBe(true);
        expect(await entitlement(learner.tokens.accessToken)).toEqual({ paid: true, premiumOpen: true });
      }
      // The dead-lettered payment is recorded now: that learner is not asked to pay again.
      expect((await createIntent(lettered.tokens.accessToken)).status).toBe(409);
      expect((await api('/api/me', { headers: bearer(lost.tokens.accessToken) })).body.paymentDate).toBe(lostPayment.at);
    }, 180_000);
  });
});
