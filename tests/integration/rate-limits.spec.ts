import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, clearOfWindowEdge, gatewayUrl, requestFrom, stackEnvironment, startExtraGateway } from '../support/stack';
import { PASSWORD, signIn, signUp } from '../support/users';

const authLimit = Number(stackEnvironment().AUTH_RATE_LIMIT);
/** A made-up client address, trusted from the loopback proxy, gives a test a bucket of its own. */
/** The per-minute limits' window, and the per-account window (AUTH_ACCOUNT_WINDOW_MS, 15 minutes by default). */
const MINUTE = 60_000;
const accountWindow = Number(process.env.AUTH_ACCOUNT_WINDOW_MS ?? 15 * 60_000);
const someAddress = () => ({ 'x-forwarded-for': `198.51.${randomInt(0, 255)}.${randomInt(1, 255)}` });

describe('rate limits', () => {
  it('limits sign-in attempts per client address', async () => {
    await clearOfWindowEdge(MINUTE, 20_000);
    const headers = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= authLimit + 5; i++) {
      statuses.push((await api('/api/auth/login', { method: 'POST', headers, body: '{}' })).status);
      if (statuses.at(-1) === 429) break;
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(authLimit);
    expect(statuses.at(-1)).toBe(429);
  });

  it('does not count session refreshes against the sign-in limit (browsing then signing in works)', async () => {
    // As on a school's shared address: many page loads (each asks for the session), then a sign-in.
    const headers = someAddress();
    const { email } = await signUp();
    // All in one window: refreshes counted by a window that turned over mid-loop would pass unseen.
    await clearOfWindowEdge(MINUTE, 20_000);
    for (let i = 0; i < authLimit + 5; i++) {
      const load = await api('/api/auth/session', { method: 'POST', headers });
      expect(load.status).toBe(401);
    }
    const login = await fetch(`${gatewayUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const reload = await api('/api/auth/session', { method: 'POST', headers: { ...headers, cookie } });
    expect(reload.status).toBe(200);
  });

  it('locks one account after repeated failures from many addresses, and no other account', async () => {
    const { email } = await signUp();
    const { email: neighbour } = await signUp();
    await clearOfWindowEdge(accountWindow, 30_000);
    for (let i = 0; i < 10; i++) {
      const wrong = await signIn(email, 'wrong-password', someAddress());
      expect(wrong.status).toBe(401);
    }
    const locked = await signIn(email, PASSWORD, someAddress());
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many failed sign-in attempts for this account. Please wait a few minutes and try again.');
    expect((await signIn(neighbour, PASSWORD, someAddress())).status).toBe(200);
  });

  describe('with a second gateway replica', () => {
    let replica: { url: string; stop: () => Promise<void> };
    beforeAll(async () => {
      // The replica believes no proxy: X-Forwarded-For must not choose its client address.
      replica = await startExtraGateway({ TRUST_PROXY: 'false' });
    });
    afterAll(async () => {
      await replica?.stop();
    });

    it('shares the counters: requests to either replica count against one limit', async () => {
      await clearOfWindowEdge(MINUTE, 20_000);
      const from = `127.0.${randomInt(1, 255)}.${randomInt(2, 255)}`;
      const statuses: number[] = [];
      for (let i = 0; i <= authLimit; i++) {
        const target = i % 2 === 0 ? gatewayUrl : replica.url;
        statuses.push((await requestFrom(from, `${target}/api/auth/login`, { method: 'POST', body: '{}' })).status);
      }
      expect(statuses.filter((s) => s === 400)).toHaveLength(authLimit);
      expect(statuses.at(-1)).toBe(429);
    });

    it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
      await clearOfWindowEdge(MINUTE, 20_000);
      const from = `127.0.${randomInt(1, 255)}.${randomInt(2, 255)}`;
      const statuses: number[] = [];
      for (let i = 0; i <= authLimit; i++) {
        const forged = someAddress();
        statuses.push((await requestFrom(from, `${replica.url}/api/auth/login`, { method: 'POST', headers: forged, body: '{}' })).status);
      }
      expect(statuses.at(-1)).toBe(429);
    });
  });
});
