import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { WebhookDeliverer } from './webhook-deliverer';

const stripe = new Stripe('sk_test_unit');
const secret = 'whsec_unit';
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: {} } });

function fakeFetch(statuses: number[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init! });
    const status = statuses[calls.length - 1] ?? 200;
    if (status === 0) throw new TypeError('fetch failed');
    return new Response('{}', { status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

describe('WebhookDeliverer', () => {
  it('POSTs the exact payload with a Stripe-Signature the SDK accepts for the secret', async () => {
    const { fetch, calls } = fakeFetch([200]);
    const deliverer = new WebhookDeliverer(stripe, { url: 'http://127.0.0.1:9/api/payments/webhook', secret, fetch });
    await expect(deliverer.deliver(payload, 'evt_1')).resolves.toBe(true);
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0]!;
    expect(url).toBe('http://127.0.0.1:9/api/payments/webhook');
    expect(init.body).toBe(payload);
    const signature = (init.headers as Record<string, string>)['stripe-signature']!;
    expect(stripe.webhooks.constructEvent(payload, signature, secret).id).toBe('evt_1');
  });

  it('keeps trying in the background after a failed first try, with growing pauses, until a 2xx', async () => {
    const { fetch, calls } = fakeFetch([503, 0, 500, 200]);
    const pauses: number[] = [];
    const deliverer = new WebhookDeliverer(stripe, { url: 'http://x/', secret, fetch, retryDelayMs: 100, sleep: async (ms) => void pauses.push(ms) });
    await expect(deliverer.deliver(payload, 'evt_1')).resolves.toBe(false);
    await deliverer.settled();
    expect(calls).toHaveLength(4);
    expect(pauses).toEqual([100, 200, 400]);
  });

  it('gives up after maxAttempts', async () => {
    const { fetch, calls } = fakeFetch([500, 500, 500, 500, 500]);
    const deliverer = new WebhookDeliverer(stripe, { url: 'http://x/', secret, fetch, maxAttempts: 3, sleep: async () => undefined });
    await deliverer.deliver(payload, 'evt_1');
    await deliverer.settled();
    expect(calls).toHaveLength(3);
  });
});
