import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { httpRequestDuration } from '../metrics/gateway-metrics';
import { measureRequests } from './request-metrics';

async function countOf(labels: Record<string, string>): Promise<number> {
  const { values } = await httpRequestDuration.get();
  return values.find((v) => v.metricName === 'fluent_http_request_duration_seconds_count' && Object.entries(labels).every(([k, x]) => v.labels[k] === x))?.value ?? 0;
}

describe('measureRequests', () => {
  it('counts each answer by method, route pattern (never the URL) and status; unknown paths as "unmatched"', async () => {
    const app = Fastify();
    measureRequests(app);
    app.get('/api/things/:id', async (request, reply) => ((request.params as { id: string }).id === 'missing' ? reply.code(404).send({}) : { ok: true }));
    await app.ready();
    const ok = { method: 'GET', route: '/api/things/:id', status: '200' };
    const missing = { ...ok, status: '404' };
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    const before = await Promise.all([countOf(ok), countOf(missing), countOf(unmatched)]);
    await app.inject({ url: '/api/things/1' });
    await app.inject({ url: '/api/things/2' });
    await app.inject({ url: '/api/things/missing' });
    await app.inject({ url: '/api/nothing/here' });
    expect(await Promise.all([countOf(ok), countOf(missing), countOf(unmatched)])).toEqual([before[0] + 2, before[1] + 1, before[2] + 1]);
    const { values } = await httpRequestDuration.get();
    expect(values.some((v) => String(v.labels.route).includes('/api/things/1'))).toBe(false);
  });
});
