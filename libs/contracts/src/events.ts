import { z } from 'zod';
/**
 * Domain events that must not be lost travel on JetStream. Their subjects live under `events.`
 * so the stream never captures request/reply traffic (a stream bound to a request subject would
 * answer the requester with a publish ack).
 */
export const EVENTS_STREAM = 'FLUENT_EVENTS';
export const EVENTS_SUBJECT_PREFIX = 'events.';

export const EventSubjects = {
  paymentSucceeded: 'events.payment.succeeded',
  /** A page of the web app was viewed (published by the gateway, counted by blog-service). */
  pageViewed: 'events.analytics.pageViewed',
  /** catalog-service stored an attempt (feedback-service prepares its writing feedback). */
  attemptSubmitted: 'events.attempt.submitted',
  /** feedback-service stored an attempt's writing feedback. */
  feedbackReady: 'events.feedback.ready',
} as const;
export type EventSubject = (typeof EventSubjects)[keyof typeof EventSubjects];

/**
 * A premium purchase that went through. Published by payment-service only (NATS permissions),
 * after checking the amount and currency against the price, with the Stripe event id as the
 * JetStream message id.
 */
export const paymentSucceededEventSchema = z.object({
  uid: z.string().min(1),
  paymentIntentId: z.string().min(1),
  /** In the smallest unit of the currency (cents). */
  amount: z.number().int().positive(),
  /** ISO 4217, lower case as Stripe writes it ('usd'). */
  currency: z.string().min(3),
  /** ISO timestamp of the payment. */
  at: z.iso.datetime({ offset: true }),
});
export type PaymentSucceededEvent = z.infer<typeof paymentSucceededEventSchema>;
