import { EventSubjects } from '@fluent/contracts';
import { MUST_APPLY_RETRIES } from './durable-consumer';
import { JetStreamEvents, type ConsumeOptions, type EventsLogger } from './jetstream';

/** A durable consumer of one event subject, as its service runs it. */
export interface ConsumerDeclaration {
  durable: string;
  subject: string;
  consume: ConsumeOptions;
}

/**
 * Every durable consumer of the platform, in one place: each service consumes with its entry, and
 * the setup step (`reconcileEventTopology`, the Helm chart's hook Job) creates them all before the
 * services roll out, so events published before a service's first start are kept for it.
 */
export const EVENT_CONSUMERS = {
  /** auth-service: payment.succeeded → the learner's paidTests and paymentDate. */
  authPaidTests: { durable: 'auth-service-paid-tests', subject: EventSubjects.paymentSucceeded, consume: MUST_APPLY_RETRIES },
  /** catalog-service: payment.succeeded → the learner's entitlement to the premium tests. */
  catalogEntitlements: { durable: 'catalog-service-entitlements', subject: EventSubjects.paymentSucceeded, consume: MUST_APPLY_RETRIES },
  /** blog-service: page views → counts per path and day. */
  blogPageViews: { durable: 'blog-service-page-views', subject: EventSubjects.pageViewed, consume: {} },
} as const satisfies Record<string, ConsumerDeclaration>;

export interface ReconcileOptions {
  url: string;
  user?: string;
  password?: string;
  /** Copies of each stream in a NATS cluster; see JetStreamEventsOptions.replicas. */
  replicas?: number;
  logger: EventsLogger;
}

/**
 * Creates or updates the event streams (with their dead-letter stream) and every declared consumer
 * to the settings the services use, then disconnects. Idempotent: run it as often as you like.
 * Returns the durables it reconciled.
 */
export async function reconcileEventTopology(options: ReconcileOptions): Promise<string[]> {
  const events = new JetStreamEvents({ url: options.url, name: 'setup', user: options.user, password: options.password, replicas: options.replicas, logger: options.logger });
  try {
    await events.connect();
    const consumers: ConsumerDeclaration[] = Object.values(EVENT_CONSUMERS);
    for (const consumer of consumers) await events.ensureConsumer(consumer.durable, consumer.subject, consumer.consume);
    return consumers.map((consumer) => consumer.durable);
  } finally {
    await events.close();
  }
}
