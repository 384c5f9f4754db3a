import type { FastifyInstance } from 'fastify';
import { httpRequestDuration } from '../metrics/gateway-metrics';

/**
 * Every answered request into `fluent_http_request_duration_seconds`, by method, route pattern
 * (`unmatched` when no route took it: unknown paths must not make a label each) and status. An
 * `onResponse` hook, after the answer has gone: one histogram observation, no allocation beyond
 * the labels.
 */
export function measureRequests(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}
