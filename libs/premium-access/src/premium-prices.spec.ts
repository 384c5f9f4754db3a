import type { Model } from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import { premiumPaymentProblem, PremiumPriceBook, type PremiumPriceRecord } from './premium-prices';

/** A premium_prices collection in memory: unique _id (duplicate key 11000), find all. */
function records(initial: string[] = []) {
  const stored = new Map<string, { _id: string }>(initial.map((_id) => [_id, { _id }]));
  const model = {
    create: vi.fn(async (doc: { _id: string }) => {
      if (stored.has(doc._id)) throw Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
      stored.set(doc._id, doc);
    }),
    find: () => ({ lean: () => ({ exec: async () => [...stored.values()] }) }),
  };
  return { model: model as unknown as Model<PremiumPriceRecord>, stored };
}

const price = { amount: 4999, currency: 'usd' };

describe('premiumPaymentProblem', () => {
  it('accepts a known price and names the price now when it refuses', () => {
    expect(premiumPaymentProblem(price, new Set(['usd:4999']), price)).toBeUndefined();
    expect(premiumPaymentProblem({ amount: 100, currency: 'usd' }, new Set(['usd:4999']), price)).toBe(
      '100 usd is not a premium price this service has been configured with (now 4999 usd)',
    );
    expect(premiumPaymentProblem({ amount: 4999, currency: 'eur' }, new Set(['usd:4999']), price)).toMatch(/4999 eur is not/);
  });
});

describe('PremiumPriceBook', () => {
  it('accepts the price it is configured with, and records it', async () => {
    const { model, stored } = records();
    await expect(new PremiumPriceBook(model, price).assertPremium(price)).resolves.toBeUndefined();
    expect([...stored.keys()]).toEqual(['usd:4999']);
  });

  it('keeps accepting a price it was configured with before a price change', async () => {
    const { model } = records(['usd:4999']);
    const raised = new PremiumPriceBook(model, { amount: 5999, currency: 'usd' });
    await expect(raised.assertPremium(price)).resolves.toBeUndefined();
    await expect(raised.assertPremium({ amount: 5999, currency: 'usd' })).resolves.toBeUndefined();
  });

  it('refuses any other amount or currency with an error (the event is retried, not dropped)', async () => {
    const { model } = records();
    const book = new PremiumPriceBook(model, price);
    await expect(book.assertPremium({ amount: 1, currency: 'usd' })).rejects.toThrow('refused: 1 usd is not a premium price');
    await expect(book.assertPremium({ amount: 4999, currency: 'eur' })).rejects.toThrow(/4999 eur/);
  });

  it('learns a price another replica was started with since', async () => {
    const { model, stored } = records();
    const book = new PremiumPriceBook(model, price);
    await book.assertPremium(price);
    stored.set('usd:5999', { _id: 'usd:5999' });
    await expect(book.assertPremium({ amount: 5999, currency: 'usd' })).resolves.toBeUndefined();
  });
});
