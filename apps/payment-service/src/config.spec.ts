import { describe, expect, it } from 'vitest';
import { DEV_SECRETS, loadPaymentConfig, stripeApiBase, STRIPE_MOCK_DEFAULT } from './config';

const live = {
  STRIPE_SECRET_KEY: 'sk_live_0123456789abcdefghij',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_0123456789abcdefghij',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdefghij',
};

const offline = { NODE_ENV: 'development', PAYMENT_MODE: 'offline' };

describe('payment-service configuration', () => {
  it('never falls into offline mode: without PAYMENT_MODE or the live keys it refuses to start', () => {
    expect(() => loadPaymentConfig({})).toThrow(/PAYMENT_MODE: no payment mode: set STRIPE_PUBLISHABLE_KEY/);
    expect(() => loadPaymentConfig({ NODE_ENV: 'development' })).toThrow(/no payment mode/);
  });

  it('refuses PAYMENT_MODE=offline beside a publishable key, and PAYMENT_MODE=live without the keys', () => {
    expect(() => loadPaymentConfig({ ...offline, STRIPE_PUBLISHABLE_KEY: live.STRIPE_PUBLISHABLE_KEY })).toThrow(/choose one mode/);
    expect(() => loadPaymentConfig({ PAYMENT_MODE: 'live' })).toThrow(/needs the real STRIPE_SECRET_KEY/);
    expect(loadPaymentConfig({ PAYMENT_MODE: 'live', ...live }).PAYMENT_MODE).toBe('live');
  });

  it('refuses the development webhook secret unless offline mode was chosen', () => {
    expect(() => loadPaymentConfig({ ...live, STRIPE_WEBHOOK_SECRET: DEV_SECRETS.STRIPE_WEBHOOK_SECRET })).toThrow(/needs STRIPE_WEBHOOK_SECRET/);
    expect(loadPaymentConfig(offline).STRIPE_WEBHOOK_SECRET).toBe(DEV_SECRETS.STRIPE_WEBHOOK_SECRET);
  });

  it('runs offline when PAYMENT_MODE=offline says so: the stripe-mock key, stripe-mock as the API, the price 4999 usd', () => {
    const config = loadPaymentConfig(offline);
    expect(config.PAYMENT_MODE).toBe('offline');
    expect(config.STRIPE_SECRET_KEY).toBe(DEV_SECRETS.STRIPE_SECRET_KEY);
    expect(stripeApiBase(config)).toBe(STRIPE_MOCK_DEFAULT);
    expect(stripeApiBase(loadPaymentConfig({ ...offline, STRIPE_API_BASE: 'http://127.0.0.1:12211' }))).toBe('http://127.0.0.1:12211');
    expect([config.PREMIUM_PRICE_CENTS, config.PREMIUM_CURRENCY]).toEqual([4999, 'usd']);
  });

  it('is live with all three Stripe settings, and then talks to Stripe itself', () => {
    const config = loadPaymentConfig(live);
    expect(config.PAYMENT_MODE).toBe('live');
    expect(stripeApiBase(config)).toBeUndefined();
  });

  it('refuses half a configuration instead of sending a real key to stripe-mock or verifying with a local secret', () => {
    expect(() => loadPaymentConfig({ ...offline, STRIPE_SECRET_KEY: live.STRIPE_SECRET_KEY })).toThrow(/set both for live mode/);
    expect(() => loadPaymentConfig({ STRIPE_PUBLISHABLE_KEY: live.STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: live.STRIPE_WEBHOOK_SECRET })).toThrow(
      /needs the real STRIPE_SECRET_KEY/,
    );
    expect(() => loadPaymentConfig({ STRIPE_PUBLISHABLE_KEY: live.STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY: live.STRIPE_SECRET_KEY })).toThrow(
      /needs STRIPE_WEBHOOK_SECRET/,
    );
  });

  it('refuses to start in production offline (test cards would unlock for free) or on development secrets', () => {
    expect(() => loadPaymentConfig({ ...offline, NODE_ENV: 'production' })).toThrow(/production needs live mode/);
    // NODE_ENV unset is production too.
    expect(() => loadPaymentConfig({ PAYMENT_MODE: 'offline' })).toThrow(/production needs live mode/);
    expect(() => loadPaymentConfig({ NODE_ENV: 'production', ...live, STRIPE_WEBHOOK_SECRET: 'short' })).toThrow(/STRIPE_WEBHOOK_SECRET is shorter/);
    expect(loadPaymentConfig({ NODE_ENV: 'production', ...live }).PAYMENT_MODE).toBe('live');
  });

  it('takes another price from the environment, in a currency as Stripe writes it', () => {
    expect(loadPaymentConfig({ ...offline, PREMIUM_PRICE_CENTS: '1999', PREMIUM_CURRENCY: 'eur' })).toMatchObject({ PREMIUM_PRICE_CENTS: 1999, PREMIUM_CURRENCY: 'eur' });
    expect(() => loadPaymentConfig({ ...offline, PREMIUM_CURRENCY: 'USD' })).toThrow(/PREMIUM_CURRENCY/);
    expect(() => loadPaymentConfig({ ...offline, PREMIUM_PRICE_CENTS: '49.99' })).toThrow(/PREMIUM_PRICE_CENTS/);
  });
});
