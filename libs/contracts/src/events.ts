import { z } from 'zod';
import topology from './jetstream-topology.json';
/**
 * Domain events that must not be lost travel on JetStream. Their subjects live under `events.`
 * so a stream never captures request/reply traffic (a stream bound to a request subject would
 * answer the requester with a publish ack).
 *
 * Each kind of event has a stream of its own, so anonymous page views can never push out a
 * payment: `FLUENT_PAYMENTS` (`events.payment.>`, refuses new messages when full),
 * `FLUENT_PAGE_VIEWS` (`events.analytics.>`, drops its oldest), `FLUENT_ATTEMPTS`
 * (`events.attempt.>`: stored attempts, and accepted jumbled orders that rescore them) and `FLUENT_FEEDBACK` (`events.feedback.>`). The names, the durable consumers
 * and who may use them are in jetstream-topology.json, which tools/stack/nats-auth.mjs reads too.
 */
export const JETSTREAM_TOPOLOGY = topology;
export const JETSTREAM_SETUP_USER = topology.setupUser;

export const EventStreams = {
  payments: topology.streams.payments.name,
  pageViews: topology.streams.pageViews.name,
  /** Stored attempts, announced by catalog-service for their writing feedback. */
  attempts: topology.streams.attempts.name,
  /** Writing feedback stored by feedback-service. */
  feedback: topology.streams.feedback.name,
} as const;

/** Each service's durable consumer; created by the JetStream setup step, read only by its owner. */
export const Durables = {
  /** auth-service: paidTests and paymentDate on the user document. */
  paidTests: topology.consumers.paidTests.durable,
  /** catalog-service: the entitlement that opens the premium tests. */
  entitlements: topology.consumers.entitlements.durable,
  /** blog-service: counts page views. */
  pageViews: topology.consumers.pageViews.durable,
  /** feedback-service: prepares the writing feedback of each stored attempt. */
  feedbackAttempts: topology.consumers.feedbackAttempts.durable,
  /** catalog-service: rescores the stored attempts that gave an order an operator accepted. */
  jumbledOrders: topology.consumers.jumbledOrders.durable,
} as const;

/** The KV buckets (NATS JetStream key-value) the apps keep shared state in; each app may use only its own. */
export const KvBuckets = {
  /** gateway: the API's and the password routes' rate-limit counters, shared by the replicas. */
  rateLimits: topology.kvBuckets.rateLimits.name,
  /** gateway: failed password checks per account (the account lock). */
  signInFailures: topology.kvBuckets.signInFailures.name,
  /** auth-service: the short grace of a rotated refresh token. */
  refreshGrace: topology.kvBuckets.refreshGrace.name,
} as const;

/** Where a consumer puts an event it cannot apply: outside `events.>`, in a stream of its own. */
export function deadLetterSubject(stream: string, durable: string): string {
  return `${topology.deadLetterPrefix}.${stream}.${durable}`;
}

export function deadLetterStreamName(stream: string): string {
  return `${stream}${topology.deadLetterStreamSuffix}`;
}

export const EventSubjects = {
  paymentSucceeded: 'events.payment.succeeded',
  /** A page of the web app was viewed (published by the gateway, counted by blog-service). */
  pageViewed: 'events.analytics.pageViewed',
  /** catalog-service stored an attempt (feedback-service prepares its writing feedback). */
  attemptSubmitted: 'events.attempt.submitted',
  /** feedback-service stored an attempt's writing feedback. */
  feedbackReady: 'events.feedback.ready',
  /** An operator accepted a learner's order of a jumbled item (catalog-service rescores the attempts that gave it). */
  jumbledOrderAccepted: 'events.attempt.jumbledOrderAccepted',
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
