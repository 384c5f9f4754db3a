import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

/**
 * Prometheus metrics (prom-client) of a Fluent process. Everything goes into prom-client's default
 * registry, served as text by `/metrics` on the services' probe port (HEALTH_PORT) and on the
 * gateway's METRICS_PORT: ports the Ingress never routes to. The names and the alerts built on them
 * are in docs/operators.md#metrics-and-what-to-alert-on.
 */
export const metricsRegistry = register;

/** Request latencies, in seconds: from a cached answer (ms) to a NATS deadline (5 s and more). */
export const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];

let processMetricsStarted = false;

/**
 * Process metrics (CPU, memory, event-loop lag, GC, handles) with the app's name as the `service`
 * label on every metric of this process. Once per process.
 */
export function startProcessMetrics(service: string): void {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  register.setDefaultLabels({ service });
  collectDefaultMetrics({ prefix: 'fluent_' });
}

/** The text a scrape gets, and its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: register.contentType, body: await register.metrics() };
}

/** Requests a service handled over NATS, by pattern and the status it answered (200, or the error's). */
export const natsHandledRequests = new Histogram({
  name: 'fluent_nats_request_duration_seconds',
  help: 'NATS requests handled by this service: time from receipt to reply, by pattern and answered status',
  labelNames: ['pattern', 'status'] as const,
  buckets: LATENCY_BUCKETS,
});

/** What became of each delivery of a JetStream event to a durable consumer of this process. */
export const jetStreamDeliveries = new Counter({
  name: 'fluent_jetstream_deliveries_total',
  help: 'JetStream event deliveries handled by this process, by stream, durable and outcome (acked, retried, dead_lettered)',
  labelNames: ['stream', 'durable', 'outcome'] as const,
});

/** Events given up on and published to the dead letters (`deadletter.<stream>.<durable>`). */
export const jetStreamDeadLetters = new Counter({
  name: 'fluent_jetstream_dead_letters_total',
  help: 'Events this process published to the dead letters after their last try, by stream and durable',
  labelNames: ['stream', 'durable'] as const,
});

/** Failures of payment events past PAYMENT_EVENT_ALERT_AFTER tries: each is an "Event not applied" error line. */
export const jetStreamAlerts = new Counter({
  name: 'fluent_jetstream_event_alerts_total',
  help: 'Event deliveries that failed after the alert threshold (the "Event not applied" error lines), by stream and durable',
  labelNames: ['stream', 'durable'] as const,
});

/** A durable consumer's state on the server, as JetStream reports it. */
export interface ConsumerState {
  /** Messages in the stream the consumer has not been given yet. */
  pending: number;
  /** Given and not acknowledged yet. */
  ackPending: number;
  /** Given more than once and not acknowledged yet. */
  redelivered: number;
}

type ConsumerStateSource = () => Promise<ConsumerState | undefined>;
const consumerSources = new Map<string, { stream: string; durable: string; read: ConsumerStateSource }>();

const consumerGauge = (name: string, help: string, pick: (state: ConsumerState) => number) =>
  new Gauge({
    name,
    help,
    labelNames: ['stream', 'durable'] as const,
    // Asked of the server at each scrape (a CONSUMER.INFO per consumer of this process), so the
    // figure is never older than the scrape. A consumer the server cannot describe right now is
    // left out of this scrape rather than reported as 0.
    async collect() {
      this.reset();
      await Promise.all(
        [...consumerSources.values()].map(async ({ stream, durable, read }) => {
          const state = await read().catch(() => undefined);
          if (state) this.set({ stream, durable }, pick(state));
        }),
      );
    },
  });

export const jetStreamConsumerPending = consumerGauge(
  'fluent_jetstream_consumer_pending',
  'Events in the stream not yet delivered to the durable consumer (num_pending)',
  (state) => state.pending,
);
export const jetStreamConsumerAckPending = consumerGauge(
  'fluent_jetstream_consumer_ack_pending',
  'Events delivered to the durable consumer and not acknowledged yet (num_ack_pending)',
  (state) => state.ackPending,
);
export const jetStreamConsumerRedelivered = consumerGauge(
  'fluent_jetstream_consumer_redelivered',
  'Events delivered more than once and not acknowledged yet (num_redelivered)',
  (state) => state.redelivered,
);

/** Reports a durable consumer's state at every scrape (until `forgetConsumer`). */
export function watchConsumer(stream: string, durable: string, read: ConsumerStateSource): void {
  consumerSources.set(`${stream}/${durable}`, { stream, durable, read });
}

export function forgetConsumer(stream: string, durable: string): void {
  consumerSources.delete(`${stream}/${durable}`);
}

/**
 * Texts feedback-service checked without its masked language model, by reason: `missing` (no model
 * configured or its files absent), `slow` (the text ran over its time budget), `error` (the model
 * failed). The learner still gets LanguageTool's and Harper's issues; this says how often not the model's.
 */
export const maskedLmFallbacks = new Counter({
  name: 'fluent_feedback_masked_lm_fallbacks_total',
  help: 'Texts checked without the masked language model (LanguageTool and Harper only), by reason (missing, slow, backlog, error)',
  labelNames: ['reason'] as const,
});
