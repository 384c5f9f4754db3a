import { connect, type NatsConnection } from 'nats';
import { natsAuthOptions } from '@fluent/server-kit';
import { HealthPatterns } from '@fluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, eventually, natsUrl, natsUser, startComponentNamed, stopComponentNamed } from '../support/stack';

const health = () => api('/api/health');
/** As a public caller: the gateway trusts X-Forwarded-For from loopback (a local reverse proxy). */
const fromPublic = { 'X-Forwarded-For': '203.0.113.7' };

describe('GET /api/health/live', () => {
  it('answers anyone with 200 {status: up}', async () => {
    expect(await api('/api/health/live', { headers: fromPublic })).toEqual({ status: 200, body: { status: 'up' } });
  });
});

describe('GET /api/health (readiness)', () => {
  it('is 200 with every component up', async () => {
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body.failing).toEqual([]);
    for (const name of ['nats', 'database', 'keycloak', 'stripe', 'auth-service', 'catalog-service', 'payment-service', 'blog-service']) {
      expect(body.components[name], name).toBe('up');
    }
  });

  it.each(['/api/health', '/api/health/ready'])('answers %s to a public caller with 404, like an unknown route', async (path) => {
    const { status, body } = await api(path, { headers: fromPublic });
    expect(status).toBe(404);
    expect(body).toEqual({ statusCode: 404, error: 'Not Found', message: `Cannot GET ${path}` });
  });

  describe('under a flood', () => {
    // HEALTH_CACHE_MS: how long the gateway reuses a report (5 s unless the environment says otherwise).
    const cacheMs = Number(process.env.HEALTH_CACHE_MS ?? 5000);
    let nc: NatsConnection;
    const seen: Record<string, number> = {};

    beforeAll(async () => {
      // Let any report cached by earlier requests expire, then count every health request on NATS.
      await health();
      await new Promise((resolve) => setTimeout(resolve, cacheMs + 200));
      nc = await connect({ servers: natsUrl, name: 'health-flood-test', ...natsAuthOptions(natsUser('test')) });
      for (const subject of Object.values(HealthPatterns)) {
        seen[subject] = 0;
        nc.subscribe(subject, { callback: () => (seen[subject]! += 1) });
      }
      await nc.flush();
    });
    afterAll(() => nc?.close());

    it('makes one round of service health requests per cache window, shared by every caller', async () => {
      const answers = await Promise.all(Array.from({ length: 30 }, () => health()));
      await nc.flush();
      expect(answers.every((a) => a.status === 200)).toBe(true);
      // 30 callers, one window (two if the flood straddles a boundary) ...
      const rounds = new Set(answers.map((a) => a.body.checkedAt)).size;
      expect(rounds).toBeGreaterThanOrEqual(1);
      expect(rounds).toBeLessThanOrEqual(2);
      // ... and each service was asked once per window, not once per caller.
      for (const [subject, count] of Object.entries(seen)) expect(count, subject).toBe(rounds);
    });
  });

  it.each([
    ['blog-service', 'blog-service'],
    ['ferretdb', 'database'],
    ['stripe-mock', 'stripe'],
  ])('is 503 naming %s when it is stopped, and 200 again after it restarts', async (process, component) => {
    await stopComponentNamed(process);
    try {
      const down = await eventually(health, (r) => r.status === 503);
      expect(down.status).toBe(503);
      expect(down.body.failing).toContain(component);
      expect(down.body.components[component]).toBe('down');
    } finally {
      await startComponentNamed(process);
    }
    const up = await eventually(health, (r) => r.status === 200, 45_000);
    expect(up.status).toBe(200);
  });
});
