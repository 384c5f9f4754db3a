// Prometheus metrics of the running stack, scraped as Prometheus would: every app serves /metrics
// on a port of its own (the gateway's METRICS_PORT, a service's probe port), never on the port the
// Ingress routes to.
import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import { describe, expect, it } from 'vitest';
import { Durables, EventStreams, EventSubjects } from '@fluent/contracts';
import { natsAuthOptions } from '@fluent/server-kit';
import { metricsUrls } from '../../tools/stack/profiles.mjs';
import { bearer, signUp } from '../support/users';
import { payWithCard, waitUntilEntitled, waitUntilPaid } from '../support/payments';
import { api, eventually, gatewayUrl, natsUrl, natsUser, profile } from '../support/stack';

const urls = metricsUrls(profile);

async function scrape(app: string): Promise<string> {
  const response = await fetch(urls[app]!);
  expect(response.status, `${app} /metrics`).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return response.text();
}

/** The value of one sample in Prometheus' text format (undefined when it is not there). */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.lastIndexOf('}'));
    const found = Object.fromEntries([...body.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

const valueIn = async (app: string, name: string, labels: Record<string, string>) => sample(await scrape(app), name, labels) ?? 0;

describe('/metrics', () => {
  it('every app serves its process metrics, labelled with its name', async () => {
    for (const app of Object.keys(urls)) {
      const text = await scrape(app);
      expect(sample(text, 'fluent_process_resident_memory_bytes', { service: app }), app).toBeGreaterThan(0);
      expect(text, app).toMatch(/^fluent_nodejs_eventloop_lag_p99_seconds\{/m);
    }
  });

  it("is not served on the gateway's public port (the one the Ingress routes to)", async () => {
    const response = await fetch(`${gatewayUrl}/metrics`);
    expect(await response.text()).not.toContain('fluent_http_request_duration_seconds');
  });

  it('counts an API request at the gateway (route and status), its NATS call, and the service that handled it', async () => {
    const { tokens } = await signUp();
    const labels = {
      http: { method: 'GET', route: '/api/tests', status: '200' },
      client: { pattern: 'catalog.cards.list', status: '200' },
      handled: { pattern: 'catalog.cards.list', status: '200' },
      refused: { method: 'GET', route: '/api/tests/:id', status: '404' },
    };
    const before = {
      http: await valueIn('gateway', 'fluent_http_request_duration_seconds_count', labels.http),
      client: await valueIn('gateway', 'fluent_nats_client_request_duration_seconds_count', labels.client),
      handled: await valueIn('catalog-service', 'fluent_nats_request_duration_seconds_count', labels.handled),
      refused: await valueIn('gateway', 'fluent_http_request_duration_seconds_count', labels.refused),
    };
    for (let i = 0; i < 3; i++) expect((await api('/api/tests', { headers: bearer(tokens.accessToken) })).status).toBe(200);
    expect((await api('/api/tests/abc', { headers: bearer(tokens.accessToken) })).status).toBe(404);
    expect(await valueIn('gateway', 'fluent_http_request_duration_seconds_count', labels.http)).toBe(before.http + 3);
    expect(await valueIn('gateway', 'fluent_nats_client_request_duration_seconds_count', labels.client)).toBe(before.client + 3);
    expect(await valueIn('catalog-service', 'fluent_nats_request_duration_seconds_count', labels.handled)).toBe(before.handled + 3);
    expect(await valueIn('gateway', 'fluent_http_request_duration_seconds_count', labels.refused)).toBe(before.refused + 1);
    // A histogram: the buckets are there for the p95.
    expect(await valueIn('gateway', 'fluent_http_request_duration_seconds_bucket', { ...labels.http, le: '+Inf' })).toBe(before.http + 3);
  });

  it("reports each durable consumer's pending and redelivered events, and the payments each consumer applied", async () => {
    for (const [app, stream, durable] of [
      ['auth-service', EventStreams.payments, Durables.paidTests],
      ['catalog-service', EventStreams.payments, Durables.entitlements],
      ['blog-service', EventStreams.pageViews, Durables.pageViews],
      ['feedback-service', EventStreams.attempts, Durables.feedbackAttempts],
    ] as const) {
      const text = await scrape(app);
      for (const gauge of ['fluent_jetstream_consumer_pending', 'fluent_jetstream_consumer_ack_pending', 'fluent_jetstream_consumer_redelivered']) {
        expect(sample(text, gauge, { stream, durable }), `${app} ${gauge}`).toBeGreaterThanOrEqual(0);
      }
    }
    const applied = (app: string, durable: string) => valueIn(app, 'fluent_payment_events_applied_total', { durable });
    const before = [await applied('auth-service', Durables.paidTests), await applied('catalog-service', Durables.entitlements)];
    const { tokens } = await signUp();
    expect((await payWithCard(tokens.accessToken)).status).toBe(200);
    await waitUntilPaid(tokens.accessToken);
    await waitUntilEntitled(tokens.accessToken);
    expect(await applied('auth-service', Durables.paidTests)).toBeGreaterThanOrEqual(before[0]! + 1);
    expect(await applied('catalog-service', Durables.entitlements)).toBeGreaterThanOrEqual(before[1]! + 1);
  });

  it('counts a dead-lettered event at each consumer that gave up on it', async () => {
    const deadLetters = (app: string, durable: string) => valueIn(app, 'fluent_jetstream_dead_letters_total', { stream: EventStreams.payments, durable });
    const before = [await deadLetters('auth-service', Durables.paidTests), await deadLetters('catalog-service', Durables.entitlements)];
    // A payment.succeeded that breaks its schema: no retry can fix it, so both consumers dead-letter it at once.
    const nc = await connect({ servers: natsUrl, ...natsAuthOptions(natsUser('test')) });
    try {
      await nc.jetstream().publish(EventSubjects.paymentSucceeded, new TextEncoder().encode(JSON.stringify({ uid: 'metrics-test', amount: 'lots' })), { msgID: `metrics-${randomUUID()}` });
    } finally {
      await nc.close();
    }
    await eventually(() => deadLetters('auth-service', Durables.paidTests), (count) => count >= before[0]! + 1, 20_000);
    await eventually(() => deadLetters('catalog-service', Durables.entitlements), (count) => count >= before[1]! + 1, 20_000);
  });
});
