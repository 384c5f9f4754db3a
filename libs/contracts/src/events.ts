/**
 * Domain events that must not be lost travel on JetStream. Their subjects live under `events.`
 * so the stream never captures request/reply traffic (a stream bound to a request subject would
 * answer the requester with a publish ack).
 */
export const EVENTS_STREAM = 'FLUENT_EVENTS';
export const EVENTS_SUBJECT_PREFIX = 'events.';

export const EventSubjects = {
  paymentSucceeded: 'events.payment.succeeded',
} as const;
export type EventSubject = (typeof EventSubjects)[keyof typeof EventSubjects];

export interface PaymentSucceededEvent {
  uid: string;
  paymentIntentId: string;
  amount: number;
  /** ISO timestamp of the payment. */
  at: string;
}
