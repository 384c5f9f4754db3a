import { EventSubjects, paymentSucceededEventSchema, type PaymentSucceededEvent } from '@fluent/contracts';
import type { DeadLetter } from '@fluent/server-kit';

/** A payment payment-service recorded (succeeded_payments), as stored. */
export interface RecordedPayment {
  _id: string;
  uid: string;
  amount: number;
  currency: string;
  succeededAt: string;
}

/** A dead letter as read from its stream, with where it was. */
export interface StoredDeadLetter {
  stream: string;
  seq: number;
  letter: DeadLetter;
}

export interface ReplayPlan {
  /** Every payment to publish again, one per PaymentIntent, oldest first. */
  payments: PaymentSucceededEvent[];
  /** Payments known only from a dead letter: recorded in succeeded_payments too, with where they came from. */
  unrecorded: { event: PaymentSucceededEvent; source: string }[];
  /** Dead letters of payment.succeeded that are no payment (they broke the schema): reported, never published. */
  malformed: StoredDeadLetter[];
}

/**
 * What replay-payments publishes again: every payment payment-service recorded and every
 * payment.succeeded that a consumer dead-lettered, once per PaymentIntent (a record wins over a
 * letter about the same payment). Dead letters of other subjects are none of its business.
 */
export function planReplay(records: RecordedPayment[], letters: StoredDeadLetter[], since?: string): ReplayPlan {
  const byIntent = new Map<string, PaymentSucceededEvent>();
  for (const record of records) {
    byIntent.set(record._id, { uid: record.uid, paymentIntentId: record._id, amount: record.amount, currency: record.currency, at: record.succeededAt });
  }
  const unrecorded: ReplayPlan['unrecorded'] = [];
  const malformed: StoredDeadLetter[] = [];
  for (const stored of letters) {
    if (stored.letter.subject !== EventSubjects.paymentSucceeded) continue;
    const parsed = paymentSucceededEventSchema.safeParse(stored.letter.data);
    if (!parsed.success) {
      malformed.push(stored);
      continue;
    }
    if (byIntent.has(parsed.data.paymentIntentId)) continue;
    byIntent.set(parsed.data.paymentIntentId, parsed.data);
    unrecorded.push({ event: parsed.data, source: `deadletter:${stored.stream}:${stored.seq}` });
  }
  const payments = [...byIntent.values()]
    .filter((payment) => !since || payment.at >= since)
    .sort((a, b) => a.at.localeCompare(b.at) || a.paymentIntentId.localeCompare(b.paymentIntentId));
  return { payments, unrecorded: unrecorded.filter((u) => !since || u.event.at >= since), malformed };
}
