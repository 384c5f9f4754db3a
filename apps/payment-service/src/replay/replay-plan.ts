import { EventSubjects, paymentSucceededEventSchema, type PaymentSucceededEvent } from '@fluent/contracts';
import type { StoredDeadLetter } from '@fluent/server-kit';

/** A payment payment-service recorded (succeeded_payments), as stored. */
export interface RecordedPayment {
  _id: string;
  uid: string;
  amount: number;
  currency: string;
  succeededAt: string;
}

/** A PaymentIntent payment-service created (payment_intents), as stored: whose it is and its price. */
export interface CreatedIntentRecord {
  _id: string;
  uid: string;
  amount: number;
  currency: string;
}


export interface ReplayPlan {
  /** Every payment to publish again, one per PaymentIntent, oldest first. */
  payments: PaymentSucceededEvent[];
  /** Payments known only from a dead letter: recorded in succeeded_payments too, with where they came from. */
  unrecorded: { event: PaymentSucceededEvent; source: string }[];
  /** Dead letters of payment.succeeded that are no payment (they broke the schema): reported, never published. */
  malformed: StoredDeadLetter[];
  /**
   * Payment letters that do not match payment-service's own record of the PaymentIntent (none, or
   * another learner, amount or currency): reported with the reason, never published or recorded.
   */
  refused: { event: PaymentSucceededEvent; source: string; reason: string }[];
}

/**
 * Why a dead-lettered payment is not what payment-service itself created, if it is not. A dead
 * letter is a copy of an event anyone who could write the dead-letter subject may have forged (a
 * service's NATS user, a mistaken operator): it must not unlock a learner, or another one, at a
 * price payment-service never asked for.
 */
export function letterMismatch(event: PaymentSucceededEvent, intent: CreatedIntentRecord | undefined): string | undefined {
  if (!intent) return 'payment-service created no such PaymentIntent';
  if (intent.uid !== event.uid) return `the PaymentIntent belongs to another learner (${intent.uid})`;
  if (intent.amount !== event.amount || intent.currency !== event.currency) {
    return `the PaymentIntent was created for ${intent.amount} ${intent.currency}, the letter says ${event.amount} ${event.currency}`;
  }
  return undefined;
}

/**
 * What replay-payments publishes again: every payment payment-service recorded and every
 * payment.succeeded that a consumer dead-lettered, once per PaymentIntent (a record wins over a
 * letter about the same payment), a letter only when it matches payment-service's record of its
 * PaymentIntent (`intents`, by id; see letterMismatch). Dead letters of other subjects are none of
 * its business.
 */
export function planReplay(records: RecordedPayment[], letters: StoredDeadLetter[], intents: ReadonlyMap<string, CreatedIntentRecord>, since?: string): ReplayPlan {
  const byIntent = new Map<string, PaymentSucceededEvent>();
  for (const record of records) {
    byIntent.set(record._id, { uid: record.uid, paymentIntentId: record._id, amount: record.amount, currency: record.currency, at: record.succeededAt });
  }
  const unrecorded: ReplayPlan['unrecorded'] = [];
  const malformed: StoredDeadLetter[] = [];
  const refused: ReplayPlan['refused'] = [];
  for (const stored of letters) {
    if (stored.letter.subject !== EventSubjects.paymentSucceeded) continue;
    const parsed = paymentSucceededEventSchema.safeParse(stored.letter.data);
    if (!parsed.success) {
      malformed.push(stored);
      continue;
    }
    if (byIntent.has(parsed.data.paymentIntentId)) continue;
    const source = `deadletter:${stored.stream}:${stored.seq}`;
    const mismatch = letterMismatch(parsed.data, intents.get(parsed.data.paymentIntentId));
    if (mismatch) {
      refused.push({ event: parsed.data, source, reason: mismatch });
      continue;
    }
    byIntent.set(parsed.data.paymentIntentId, parsed.data);
    unrecorded.push({ event: parsed.data, source });
  }
  const payments = [...byIntent.values()]
    .filter((payment) => !since || payment.at >= since)
    .sort((a, b) => a.at.localeCompare(b.at) || a.paymentIntentId.localeCompare(b.paymentIntentId));
  return { payments, unrecorded: unrecorded.filter((u) => !since || u.event.at >= since), malformed, refused };
}
