import { describe, expect, it } from 'vitest';
import { aggregateHealth } from './aggregate-health';

const up = (service: string, checks: Record<string, 'up' | 'down'> = {}) => ({
  service,
  status: Object.values(checks).every((s) => s === 'up') ? ('up' as const) : ('down' as const),
  checks,
});

describe('aggregateHealth', () => {
  it('is ok when NATS, every service and every dependency is up', () => {
    const report = aggregateHealth(true, {
      'auth-service': up('auth-service', { database: 'up', keycloak: 'up' }),
      'blog-service': up('blog-service', { database: 'up' }),
    });
    expect(report).toEqual({
      status: 'ok',
      components: { nats: 'up', 'auth-service': 'up', database: 'up', keycloak: 'up', 'blog-service': 'up' },
      failing: [],
    });
  });

  it('names a service that did not answer', () => {
    const report = aggregateHealth(true, { 'auth-service': up('auth-service'), 'blog-service': undefined });
    expect(report.status).toBe('error');
    expect(report.failing).toEqual(['blog-service']);
  });

  it('marks a dependency down when any service sees it down', () => {
    const report = aggregateHealth(true, {
      'auth-service': up('auth-service', { database: 'down' }),
      'blog-service': up('blog-service', { database: 'up' }),
    });
    expect(report.components.database).toBe('down');
    expect(report.failing).toEqual(['database']);
  });

  it('names NATS when the gateway is not connected', () => {
    expect(aggregateHealth(false, {}).failing).toEqual(['nats']);
  });
});
