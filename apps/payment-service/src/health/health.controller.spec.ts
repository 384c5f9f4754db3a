import type { Connection } from 'mongoose';
import type Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { HealthController } from './health.controller';

const CACHE_MS = 15_000;

/** A connected database whose ping answers (databaseStatus reads readyState and pings). */
const database = { readyState: 1, db: { admin: () => ({ ping: async () => ({ ok: 1 }) }) } } as unknown as Connection;

/** A Stripe client whose balance endpoint the test controls, counting every call. */
function fakeStripe() {
  const state = { reachable: true };
  const retrieve = vi.fn(async () => {
    if (!state.reachable) throw new Error('connect ECONNREFUSED');
    return { object: 'balance' };
  });
  return { state, retrieve, stripe: { balance: { retrieve } } as unknown as Stripe };
}

describe('payment-service HealthController', () => {
  it('reports stripe up when Stripe answers, and down when it does not', async () => {
    const clock = { now: 0 };
    const { state, stripe } = fakeStripe();
    const controller = new HealthController(database, stripe, { cacheMs: CACHE_MS, now: () => clock.now });
    expect(await controller.health()).toEqual({ service: 'payment-service', status: 'up', checks: { database: 'up', stripe: 'up' } });
    state.reachable = false;
    clock.now += CACHE_MS;
    expect(await controller.health()).toEqual({ service: 'payment-service', status: 'down', checks: { database: 'up', stripe: 'down' } });
  });

  it('calls Stripe once per cache window however often it is probed, concurrently or not', async () => {
    const clock = { now: 0 };
    const { retrieve, stripe } = fakeStripe();
    const controller = new HealthController(database, stripe, { cacheMs: CACHE_MS, now: () => clock.now });
    await Promise.all(Array.from({ length: 10 }, () => controller.health()));
    for (let i = 0; i < 10; i++) {
      clock.now += 1000;
      await controller.health();
    }
    expect(retrieve).toHaveBeenCalledTimes(1);
    clock.now = CACHE_MS;
    await controller.health();
    expect(retrieve).toHaveBeenCalledTimes(2);
  });

  it('keeps a down result for the window too (an outage is not probed on every request)', async () => {
    const clock = { now: 0 };
    const { state, retrieve, stripe } = fakeStripe();
    state.reachable = false;
    const controller = new HealthController(database, stripe, { cacheMs: CACHE_MS, now: () => clock.now });
    expect((await controller.health()).checks.stripe).toBe('down');
    state.reachable = true;
    expect((await controller.health()).checks.stripe).toBe('down');
    expect(retrieve).toHaveBeenCalledTimes(1);
  });
});
