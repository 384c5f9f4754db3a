import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import { blankTestAnswers, EventSubjects, type PaymentSucceededEvent, type TestAnswers } from '@fluent/contracts';
import { natsAuthOptions } from '@fluent/server-kit';
import { api, natsUrl, natsUser } from './stack';
import { bearer } from './users';

/** The learner's uid, as the gateway knows it from the token. */
export async function uidOf(token: string): Promise<string> {
  const me = await api('/api/me', { headers: bearer(token) });
  if (me.status !== 200) throw new Error(`GET /api/me failed: ${me.status}`);
  return me.body.uid as string;
}

/**
 * Unlocks the premium tests the way production does: a payment.succeeded event on JetStream
 * (what payment-service publishes), consumed by the services' own durable consumers.
 */
export async function publishPaymentSucceeded(uid: string, overrides: Partial<PaymentSucceededEvent> = {}, msgID = `evt_${randomUUID()}`): Promise<PaymentSucceededEvent> {
  const event: PaymentSucceededEvent = {
    uid,
    paymentIntentId: `pi_${randomUUID().replaceAll('-', '')}`,
    amount: 4999,
    currency: 'usd',
    at: new Date().toISOString(),
    ...overrides,
  };
  const nc = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('test')) });
  try {
    await nc.jetstream().publish(EventSubjects.paymentSucceeded, new TextEncoder().encode(JSON.stringify(event)), { msgID });
  } finally {
    await nc.close();
  }
  return event;
}

/** A full set of answers of the right shape, blank unless given. */
export const blankAnswers = blankTestAnswers;

export const submission = (answers: TestAnswers = blankAnswers(), submissionId = randomUUID()) => ({ submissionId, answers });

export function submitAttempt(token: string, testId: number | string, body: unknown) {
  return api(`/api/tests/${testId}/attempts`, { method: 'POST', headers: bearer(token), body: typeof body === 'string' ? body : JSON.stringify(body) });
}
