import { deadLetterStreamName, EventStreams, JETSTREAM_TOPOLOGY, PAGE_VIEW_EVENT_MAX_AGE_MS } from '@fluent/contracts';
import type { ConsumerSpec, JetStreamTopology, StreamLimits, StreamSpec } from './reconcile';

const DAY_MS = 86_400_000;
const MIB = 1024 * 1024;

/** What an operator may tune (apps/jetstream-setup reads them from its environment). */
export interface FluentJetStreamSettings {
  /** Copies of every stream in a NATS cluster (Helm: 3); 1 on a single server. */
  replicas: number;
  paymentsMaxBytes: number;
  pageViewsMaxBytes: number;
  pageViewsMaxMsgs: number;
}

export const DEFAULT_JETSTREAM_SETTINGS: FluentJetStreamSettings = {
  replicas: 1,
  // A payment event is about 300 bytes: a gibibyte holds millions, far beyond a year of sales.
  paymentsMaxBytes: 1024 * MIB,
  pageViewsMaxBytes: 256 * MIB,
  pageViewsMaxMsgs: 2_000_000,
};

/**
 * Payments: generous limits, and `discard: new` at a limit, so a full stream refuses the next
 * payment (the webhook answers 503 and Stripe delivers it again later) instead of dropping one
 * nobody has applied yet. A year's age limit: every payment is also in payment-service's
 * `succeeded_payments`, from which replay-payments publishes it again.
 */
const PAYMENTS: Omit<StreamLimits, 'maxBytes'> = { maxAgeMs: 365 * DAY_MS, maxMsgs: -1, discard: 'new' };
/** Their dead letters are kept as long, and never pushed out either. */
const PAYMENT_DEAD_LETTERS: StreamLimits = { maxAgeMs: 365 * DAY_MS, maxBytes: 256 * MIB, maxMsgs: -1, discard: 'new' };
/**
 * Page views come from anonymous visitors: their own stream with their own limits, oldest dropped
 * first, so a flood only ever pushes out other page views. Kept three days for blog-service.
 */
const PAGE_VIEWS: Pick<StreamLimits, 'maxAgeMs' | 'discard'> = { maxAgeMs: PAGE_VIEW_EVENT_MAX_AGE_MS, discard: 'old' };
const PAGE_VIEW_DEAD_LETTERS: StreamLimits = { maxAgeMs: 7 * DAY_MS, maxBytes: 64 * MIB, maxMsgs: -1, discard: 'old' };
/**
 * Stored attempts waiting for their writing feedback: kept a month, so a feedback-service (or
 * LanguageTool) that is down for days still prepares every attempt's feedback when it is back.
 */
const ATTEMPTS: StreamLimits = { maxAgeMs: 30 * DAY_MS, maxBytes: 256 * MIB, maxMsgs: -1, discard: 'old' };
const ATTEMPT_DEAD_LETTERS: StreamLimits = { maxAgeMs: 30 * DAY_MS, maxBytes: 64 * MIB, maxMsgs: -1, discard: 'old' };
/**
 * feedback.ready, consumed durably by catalog-service's practice (the sentences to fix): kept a
 * month like the attempts, so a catalog-service down for days still makes every attempt's cards.
 */
const FEEDBACK: StreamLimits = { maxAgeMs: 30 * DAY_MS, maxBytes: 64 * MIB, maxMsgs: -1, discard: 'old' };
const FEEDBACK_DEAD_LETTERS: StreamLimits = { maxAgeMs: 30 * DAY_MS, maxBytes: 64 * MIB, maxMsgs: -1, discard: 'old' };

const streamSpec = (name: string, subjects: string[], limits: StreamLimits, duplicateWindowMs: number, replicas: number): StreamSpec => ({
  name,
  subjects,
  limits,
  duplicateWindowMs,
  replicas,
});

/**
 * Fluent's streams and consumers (names from libs/contracts' NATS topology, nats/topology.json). Payment
 * consumers retry until the event is applied: a paid learner must never stay locked out because
 * the database was away for a while. Page views are tried 5 times, then dead-lettered.
 */
export function fluentJetStreamTopology(settings: Partial<FluentJetStreamSettings> = {}): JetStreamTopology {
  const s = { ...DEFAULT_JETSTREAM_SETTINGS, ...settings };
  const { streams, consumers, retired, deadLetterPrefix } = JETSTREAM_TOPOLOGY;
  const deadLetters = (stream: string) => [`${deadLetterPrefix}.${stream}.>`];
  const consumer = (key: keyof typeof consumers, handlerTries: ConsumerSpec['handlerTries'], ackWaitMs = 30_000): ConsumerSpec => {
    const c = consumers[key];
    return { stream: streams[c.stream as keyof typeof streams].name, durable: c.durable, filterSubject: c.filterSubject, ackWaitMs, handlerTries };
  };
  return {
    streams: [
      streamSpec(EventStreams.payments, streams.payments.subjects, { ...PAYMENTS, maxBytes: s.paymentsMaxBytes }, 3 * DAY_MS, s.replicas),
      streamSpec(deadLetterStreamName(EventStreams.payments), deadLetters(EventStreams.payments), PAYMENT_DEAD_LETTERS, DAY_MS, s.replicas),
      streamSpec(
        EventStreams.pageViews,
        streams.pageViews.subjects,
        { ...PAGE_VIEWS, maxBytes: s.pageViewsMaxBytes, maxMsgs: s.pageViewsMaxMsgs },
        // The gateway's msgIDs are random: a short window only catches its own retried publish.
        2 * 60_000,
        s.replicas,
      ),
      streamSpec(deadLetterStreamName(EventStreams.pageViews), deadLetters(EventStreams.pageViews), PAGE_VIEW_DEAD_LETTERS, DAY_MS, s.replicas),
      // The attempt id is the msgID: a day's window drops a retried announcement.
      streamSpec(EventStreams.attempts, streams.attempts.subjects, ATTEMPTS, DAY_MS, s.replicas),
      streamSpec(deadLetterStreamName(EventStreams.attempts), deadLetters(EventStreams.attempts), ATTEMPT_DEAD_LETTERS, DAY_MS, s.replicas),
      streamSpec(EventStreams.feedback, streams.feedback.subjects, FEEDBACK, DAY_MS, s.replicas),
      streamSpec(deadLetterStreamName(EventStreams.feedback), deadLetters(EventStreams.feedback), FEEDBACK_DEAD_LETTERS, DAY_MS, s.replicas),
    ],
    consumers: [
      consumer('paidTests', 'unlimited'),
      consumer('entitlements', 'unlimited'),
      consumer('pageViews', 5),
      // About 45 minutes of tries (LanguageTool restarting, the database away), then dead-lettered;
      // a few seconds per event, two at a time, well inside a minute's ack wait.
      consumer('feedbackAttempts', 50, 60_000),
      // Rescoring is idempotent and reads by index; a database away for a while is waited out
      // (about 45 minutes of tries), then the event is dead-lettered for an operator to replay.
      consumer('jumbledOrders', 50, 60_000),
      // Practice cards (issue 47): idempotent upserts by key; the database or feedback-service away
      // is waited out alike (about 45 minutes of tries), then dead-lettered.
      consumer('practiceAttempts', 50, 60_000),
      consumer('practiceFeedback', 50, 60_000),
    ],
    retiredStreams: retired.streams,
    paymentSubjects: streams.payments.subjects,
  };
}
