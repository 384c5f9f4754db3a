import type { FastifyInstance } from 'fastify';
import { httpRequestDuration } from '../metrics/gateway-metrics';

/**
 * Every answered request into `fluent_http_request_duration_seconds`, by method, route pattern
 * (`unmatched` when no route took it: unknown paths must not make a label each) and status. An
 * `onResponse` hook, after the answer has gone: one observation on the labelled series, which is
 * looked up once per method, route and status (prom-client would otherwise sort and join the
 * labels into its key on every observation).
 */
export function measureRequests(fastify: FastifyInstance): void {
  const series = new Map<string, Observer>();
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let observer = series.get(key);
    if (!observer) series.set(key, (observer = httpRequestDuration.labels({ method: request.method, route, status: String(reply.statusCode) })));
    observer.observe(reply.elapsedTime / 1000);
    done();
  });
}

type Observer = ReturnType<typeof httpRequestDuration.labels>;
