import { randomUUID } from 'node:crypto';
import type { Model } from 'mongoose';
import { JSONCodec, type JetStreamClient, type JetStreamManager } from 'nats';
import { Durables, EventStreams, EventSubjects, JETSTREAM_TOPOLOGY, deadLetterStreamName, type PaymentSucceededEvent } from '@fluent/contracts';
import { readDeadLetters, waitForConsumers, type StoredDeadLetter } from '@fluent/server-kit';
import type { CreatedIntent } from '../records/created-intent.schema';
import type { SucceededPayment } from '../records/succeeded-payment.schema';
import { planReplay, type CreatedIntentRecord, type ReplayPlan } from './replay-plan';

const codec = JSONCodec<unknown>();

export interface ReplayOptions {
  dryRun: boolean;
  /** How long to wait for the consumers to have applied what was published. */
  waitMs: number;
  /** Only payments that went through on or after this day (YYYY-MM-DD). */
  since?: string;
  print: (line: string) => void;
}

export interface ReplayIo {
  payments: Model<SucceededPayment>;
  /** payment-service's record of the PaymentIntents it created: a dead letter is checked against it. */
  intents: Model<CreatedIntent>;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

/** The payment consumers replay-payments waits for. */
export const PAYMENT_DURABLES = [Durables.paidTests, Durables.entitlements];

/**
 * Reconciles the payments with the consumers that apply them: every payment in payment-service's
 * `succeeded_payments` and every payment.succeeded in the payment dead letters is published again
 * on the payments stream; auth-service (paidTests) and catalog-service (entitlements) apply each
 * one idempotently, so a learner who is already unlocked is left as they are and one who is not
 * is unlocked. A payment known only from a dead letter is recorded in `succeeded_payments` too, so
 * the learner is not asked to pay again; a letter that does not match payment-service's record of
 * its PaymentIntent (learner, amount) is refused and reported. Then it waits until both consumers have acknowledged
 * everything it published. Returns true when they have.
 */
export async function replayPayments(io: ReplayIo, options: ReplayOptions): Promise<boolean> {
  const { print } = options;
  const records = await io.payments.find().lean().exec();
  const letters = await readDeadLetters(io.jsm, [deadLetterStreamName(EventStreams.payments), ...JETSTREAM_TOPOLOGY.retired.deadLetterStreams]);
  const plan = planReplay(records, letters, await intentsOf(io.intents, letters), options.since);
  describePlan(plan, records.length, letters.length, print);
  if (options.dryRun) {
    for (const payment of plan.payments) print(`  would publish ${payment.paymentIntentId} for ${payment.uid} (${payment.amount} ${payment.currency}, ${payment.at})`);
    return true;
  }
  for (const { event, source } of plan.unrecorded) await record(io.payments, event, source);
  if (plan.payments.length === 0) return true;
  const run = randomUUID();
  let lastSeq = 0;
  for (const payment of plan.payments) {
    const ack = await io.js.publish(EventSubjects.paymentSucceeded, codec.encode(payment), { msgID: `replay:${run}:${payment.paymentIntentId}` });
    lastSeq = Math.max(lastSeq, ack.seq);
  }
  print(`published ${plan.payments.length} payment events (up to #${lastSeq} on ${EventStreams.payments}); waiting for the consumers`);
  return waitForConsumers(io.jsm, EventStreams.payments, PAYMENT_DURABLES, lastSeq, { waitMs: options.waitMs, print, noun: 'payment' });
}

function describePlan(plan: ReplayPlan, recorded: number, letters: number, print: (line: string) => void): void {
  print(`${recorded} recorded payments, ${letters} dead letters read: ${plan.payments.length} payments to publish again, ${plan.unrecorded.length} known only from a dead letter`);
  for (const { event, source } of plan.unrecorded) print(`  unrecorded: ${event.paymentIntentId} for ${event.uid} (${source})`);
  for (const { stream, seq, letter } of plan.malformed) print(`  not a payment, left alone: ${stream} #${seq} (${letter.error})`);
  for (const { event, source, reason } of plan.refused) print(`  refused: ${event.paymentIntentId} for ${event.uid} (${source}): ${reason}`);
}

/** payment-service's records of the PaymentIntents the letters name, read by key. */
async function intentsOf(intents: Model<CreatedIntent>, letters: StoredDeadLetter[]): Promise<Map<string, CreatedIntentRecord>> {
  const ids = [
    ...new Set(
      letters.map((stored) => (stored.letter.data as { paymentIntentId?: unknown } | null)?.paymentIntentId).filter((id): id is string => typeof id === 'string'),
    ),
  ];
  const found = ids.length === 0 ? [] : await intents.find({ _id: { $in: ids } }).lean<CreatedIntentRecord[]>().exec();
  return new Map(found.map((intent) => [intent._id, intent]));
}

async function record(payments: Model<SucceededPayment>, event: PaymentSucceededEvent, source: string): Promise<void> {
  await payments
    .updateOne(
      { _id: event.paymentIntentId },
      { $setOnInsert: { uid: event.uid, amount: event.amount, currency: event.currency, eventId: source, succeededAt: event.at, recordedAt: new Date() } },
      { upsert: true },
    )
    .exec();
}
