import { describe, expect, it } from 'vitest';
import { api, eventually, startComponentNamed, stopComponentNamed } from '../support/stack';

const health = () => api('/api/health');

describe('GET /api/health', () => {
  it('is 200 with every component up', async () => {
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body.failing).toEqual([]);
    for (const name of ['nats', 'database', 'keycloak', 'stripe', 'auth-service', 'catalog-service', 'payment-service', 'blog-service']) {
      expect(body.components[name], name).toBe('up');
    }
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
