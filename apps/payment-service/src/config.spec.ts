import { describe, expect, it } from 'vitest';
import { loadPaymentConfig } from './config';

describe('payment-service configuration', () => {
  it('refuses to start in production on the stripe-mock key, or with none', () => {
    expect(() => loadPaymentConfig({ NODE_ENV: 'production' })).toThrow(/STRIPE_SECRET_KEY is the development default/);
    expect(() => loadPaymentConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: '' })).toThrow(/STRIPE_SECRET_KEY is not set/);
    expect(loadPaymentConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_0123456789abcdefghij' }).STRIPE_SECRET_KEY).toBe('sk_live_0123456789abcdefghij');
  });

  it('runs locally on the stripe-mock key', () => {
    expect(loadPaymentConfig({}).STRIPE_SECRET_KEY).toBe('sk_test_fluentLocalDevKey');
  });
});
