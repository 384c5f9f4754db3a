import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from './stripe.client';

describe('createStripeClient', () => {
  const seen: { url?: string; headers?: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url, headers: req.headers });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ object: 'balance', available: [], pending: [], livemode: false }));
  });
  let base = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends API calls to the configured base (stripe-mock locally) with the secret key', async () => {
    const stripe = createStripeClient('sk_test_abc', base);
    const balance = await stripe.balance.retrieve();
    expect(balance.object).toBe('balance');
    expect(seen.at(-1)?.url).toBe('/v1/balance');
    expect(seen.at(-1)?.headers?.authorization).toBe('Bearer sk_test_abc');
  });
});
