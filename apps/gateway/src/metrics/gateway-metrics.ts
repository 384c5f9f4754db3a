import { Counter, Histogram } from 'prom-client';
import { LATENCY_BUCKETS } from '@fluent/server-kit';

/**
 * The gateway's own metrics, beside server-kit's process metrics (startProcessMetrics). Histograms
 * for requests: their `_count` is the request count, so no counter is kept beside them. Labels stay
 * bounded: the route is Fastify's route pattern (`/api/tests/:id`), never the URL.
 */
export const httpRequestDuration = new Histogram({
  name: 'fluent_http_request_duration_seconds',
  help: 'HTTP requests answered by the gateway, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
});

export const natsClientRequestDuration = new Histogram({
  name: 'fluent_nats_client_request_duration_seconds',
  help: "Requests from the gateway to the services over NATS, by pattern and the HTTP status it became (504 no answer in time, 503 no service)",
  labelNames: ['pattern', 'status'] as const,
  buckets: LATENCY_BUCKETS,
});

export const natsHedgedCopies = new Counter({
  name: 'fluent_nats_client_hedged_copies_total',
  help: 'Copies of a slow read the gateway sent again over NATS (hedged requests, NATS_HEDGE_AFTER_MS), by pattern',
  labelNames: ['pattern'] as const,
});
