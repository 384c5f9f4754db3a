import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appEnvironment, metricsEnvironment, metricsUrls } from './profiles.mjs';
import { tempProfile } from './testing.mjs';

/** @type {(() => void)[]} */
const cleanups = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const cleanup of cleanups.splice(0)) cleanup();
});
/** @param {'dev' | 'test'} name */
function profile(name) {
  const p = tempProfile(name, { gateway: 3999, stripe: 12999 });
  cleanups.push(p.cleanup);
  return p;
}

describe('Stripe settings of the apps', () => {
  it('give payment-service (and the harness) a random webhook secret per profile, kept in the profile, and no other app', () => {
    const a = profile('test');
    const b = profile('test');
    const secret = appEnvironment(a, 'payment-service').STRIPE_WEBHOOK_SECRET;
    expect(secret).toMatch(/^[\w-]{32}$/);
    expect(appEnvironment(a).STRIPE_WEBHOOK_SECRET).toBe(secret);
    expect(appEnvironment(a, 'payment-service').STRIPE_WEBHOOK_SECRET).toBe(secret);
    expect(appEnvironment(b, 'payment-service').STRIPE_WEBHOOK_SECRET).not.toBe(secret);
    expect(statSync(join(a.dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    for (const app of ['gateway', 'auth-service', 'catalog-service', 'blog-service']) {
      expect(appEnvironment(a, app), app).not.toHaveProperty('STRIPE_WEBHOOK_SECRET');
    }
  });

  it('deliver offline test-card events to the profile’s own gateway', () => {
    expect(appEnvironment(profile('test'), 'payment-service').OFFLINE_WEBHOOK_URL).toBe('http://127.0.0.1:3999/api/payments/webhook');
  });

  it('keep the test profile offline whatever Stripe keys the environment holds', () => {
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_live_realkey');
    vi.stubEnv('STRIPE_PUBLISHABLE_KEY', 'pk_live_realkey');
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_real');
    const env = appEnvironment(profile('test'), 'payment-service');
    expect(env).toMatchObject({ PAYMENT_MODE: 'offline', STRIPE_SECRET_KEY: 'sk_test_fluentLocalDevKey', STRIPE_PUBLISHABLE_KEY: '', STRIPE_API_BASE: 'http://127.0.0.1:12999' });
    expect(env.STRIPE_WEBHOOK_SECRET).not.toBe('whsec_real');
  });

  it('switch the dev profile to live Stripe with a publishable key: no stripe-mock address, the environment’s webhook secret', () => {
    const p = profile('dev');
    expect(appEnvironment(p, 'payment-service')).toMatchObject({ PAYMENT_MODE: 'offline', STRIPE_API_BASE: 'http://127.0.0.1:12999' });
    vi.stubEnv('STRIPE_PUBLISHABLE_KEY', 'pk_test_realkey');
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_from_stripe_listen');
    const env = appEnvironment(p, 'payment-service');
    expect(env).not.toHaveProperty('STRIPE_API_BASE');
    expect(env.PAYMENT_MODE).toBe('live');
    expect(env.STRIPE_WEBHOOK_SECRET).toBe('whsec_from_stripe_listen');
  });
});

describe('metrics ports of the apps', () => {
  it("give the stack's gateway METRICS_PORT and each service its HEALTH_PORT, all different, on 127.0.0.1", () => {
    const p = tempProfile('test', { metrics: 9900 });
    cleanups.push(p.cleanup);
    expect(metricsEnvironment(p, 'gateway')).toEqual({ METRICS_PORT: '9900', METRICS_HOST: '127.0.0.1' });
    expect(metricsEnvironment(p, 'feedback-service')).toEqual({ HEALTH_PORT: '9905', HEALTH_HOST: '127.0.0.1' });
    expect(new Set(Object.values(metricsUrls(p))).size).toBe(6);
    expect(metricsUrls(p)['catalog-service']).toBe('http://127.0.0.1:9902/metrics');
  });

  it('leave them out of the environment any other process of an app gets (a second replica would find the port taken)', () => {
    const p = tempProfile('test', { metrics: 9900 });
    cleanups.push(p.cleanup);
    expect(appEnvironment(p, 'gateway')).not.toHaveProperty('METRICS_PORT');
    expect(appEnvironment(p, 'catalog-service')).not.toHaveProperty('HEALTH_PORT');
  });
});
