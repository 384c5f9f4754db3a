import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, eventually, gatewayUrl, inOneWindow, requestFrom, stackEnvironment, startComponentNamed, startExtraGateway, stopComponentNamed } from '../support/stack';
import { PASSWORD, signIn, signUp } from '../support/users';

const authLimit = Number(stackEnvironment().AUTH_RATE_LIMIT);
/** A made-up client address, trusted from the loopback proxy, gives a test a bucket of its own. */
/** The per-minute limits' window, and the per-account window (AUTH_ACCOUNT_WINDOW_MS, 15 minutes by default). */
const MINUTE = 60_000;
const accountWindow = Number(process.env.AUTH_ACCOUNT_WINDOW_MS ?? 15 * 60_000);
/**
 * Each call a client address no other request of this file has used: a sequence from a random start
 * (so a run on a stack an earlier run has used starts elsewhere), not a random pick, which once
 * gave the account test's first sign-in the address the per-address test had just filled (429).
 */
let addressNumber = randomInt(0, 256 * 254);
const someAddress = () => {
  const n = addressNumber++ % (256 * 254);
  return { 'x-forwarded-for': `198.51.${Math.floor(n / 254)}.${(n % 254) + 1}` };
};

// A count may be made again when a window edge cuts it (inOneWindow), after a wait for a window
// with room: up to about three runs of the loop. On a loaded machine a 300-request loop alone took
// 40 s, so each test's budget is four minutes, not the default one.
describe('rate limits', { timeout: 240_000 }, () => {
  // Every count below is made inside one window of its limit (inOneWindow): a run a window edge
  // cuts through is made again, from another address, instead of being taken for an answer.
  it('limits sign-in attempts per client address', async () => {
    const statuses = await inOneWindow(MINUTE, 20_000, async () => {
      const headers = someAddress();
      const seen: number[] = [];
      for (let i = 0; i <= authLimit + 5; i++) {
        seen.push((await api('/api/auth/login', { method: 'POST', headers, body: '{}' })).status);
        if (seen.at(-1) === 429) break;
      }
      return seen;
    });
    expect(statuses.filter((s) => s === 400)).toHaveLength(authLimit);
    expect(statuses.at(-1)).toBe(429);
  });

  it('does not count session refreshes against the sign-in limit (browsing then signing in works)', async () => {
    // As on a school's shared address: many page loads (each asks for the session), then a sign-in.
    const { email } = await signUp();
    // All in one window: refreshes counted by a window that turned over mid-loop would pass unseen.
    const { headers, loads, login } = await inOneWindow(MINUTE, 20_000, async () => {
      const from = someAddress();
      const statuses: number[] = [];
      for (let i = 0; i < authLimit + 5; i++) statuses.push((await api('/api/auth/session', { method: 'POST', headers: from })).status);
      const signedIn = await fetch(`${gatewayUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      return { headers: from, loads: statuses, login: signedIn };
    });
    expect(loads).toEqual(Array<number>(authLimit + 5).fill(204));
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const reload = await api('/api/auth/session', { method: 'POST', headers: { ...headers, cookie } });
    expect(reload.status).toBe(200);
  });

  it('locks one account after repeated failures from many addresses, and no other account', async () => {
    const { wrong, locked, neighbour } = await inOneWindow(accountWindow, 30_000, async () => {
      const { email } = await signUp();
      const { email: other } = await signUp();
      const refused: number[] = [];
      for (let i = 0; i < 10; i++) refused.push((await signIn(email, 'wrong-password', someAddress())).status);
      return { wrong: refused, locked: await signIn(email, PASSWORD, someAddress()), neighbour: await signIn(other, PASSWORD, someAddress()) };
    });
    expect(wrong).toEqual(Array<number>(10).fill(401));
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many failed sign-in attempts for this account. Please wait a few minutes and try again.');
    expect(neighbour.status).toBe(200);
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
      const statuses = await inOneWindow(MINUTE, 20_000, async () => {
        const from = `127.0.${randomInt(1, 255)}.${randomInt(2, 255)}`;
        const seen: number[] = [];
        for (let i = 0; i <= authLimit; i++) {
          const target = i % 2 === 0 ? gatewayUrl : replica.url;
          seen.push((await requestFrom(from, `${target}/api/auth/login`, { method: 'POST', body: '{}' })).status);
        }
        return seen;
      });
      expect(statuses.filter((s) => s === 400)).toHaveLength(authLimit);
      expect(statuses.at(-1)).toBe(429);
    });

    it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
      const statuses = await inOneWindow(MINUTE, 20_000, async () => {
        const from = `127.0.${randomInt(1, 255)}.${randomInt(2, 255)}`;
        const seen: number[] = [];
        for (let i = 0; i <= authLimit; i++) {
          const forged = someAddress();
          seen.push((await requestFrom(from, `${replica.url}/api/auth/login`, { method: 'POST', headers: forged, body: '{}' })).status);
        }
        return seen;
      });
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe('a parallel burst of password checks on two replicas', () => {
    let replica: { url: string; stop: () => Promise<void> };
    beforeAll(async () => {
      replica = await startExtraGateway({}, 56);
    });
    afterAll(async () => {
      await replica?.stop();
    });

    it(`lets no more than the limit (${authLimit}) through: a check its counter is too contended to count is refused with 429, never counted per replica`, async () => {
      // Twice the limit at once, half to each replica: many compare-and-sets on the one counter lose
      // every retry (what a guesser's burst causes).
      const answers = await inOneWindow(MINUTE, 30_000, () => {
        const headers = { ...someAddress(), 'content-type': 'application/json' };
        return Promise.all(
          Array.from({ length: authLimit * 2 }, (_, i) =>
            fetch(`${i % 2 === 0 ? gatewayUrl : replica.url}/api/auth/login`, { method: 'POST', headers, body: '{}' }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message?: string } })),
          ),
        );
      });
      const passed = answers.filter((a) => a.status === 400).length;
      const refused = answers.filter((a) => a.status === 429);
      // 503: a store that does not answer in time also refuses (fails closed); nothing else.
      expect(answers.filter((a) => ![400, 429, 503].includes(a.status))).toEqual([]);
      expect(passed).toBeLessThanOrEqual(authLimit);
      expect(refused.length).toBeGreaterThan(0);
      // The password route's usual refusal, whether the count was over or could not be made.
      expect(new Set(refused.map((a) => a.body.message))).toEqual(new Set(['Too many requests. Please wait a moment and try again.']));
    }, 120_000);
  });

  it('limits an IPv6 client by its /64: a household or school network is one address', async () => {
    const { statuses, neighbour } = await inOneWindow(MINUTE, 20_000, async () => {
      const prefix = `2001:db8:${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}`;
      const seen: number[] = [];
      for (let i = 0; i <= authLimit; i++) {
        // A different interface id each time, the same /64.
        const headers = { 'x-forwarded-for': `${prefix}:${randomInt(1, 0xffff).toString(16)}::${i + 1}` };
        seen.push((await api('/api/auth/login', { method: 'POST', headers, body: '{}' })).status);
      }
      const nextDoor = { 'x-forwarded-for': `${prefix.replace(/:[0-9a-f]+$/, ':0')}::1` };
      return { statuses: seen, neighbour: (await api('/api/auth/login', { method: 'POST', headers: nextDoor, body: '{}' })).status };
    });
    expect(statuses.filter((s) => s === 400)).toHaveLength(authLimit);
    expect(statuses.at(-1)).toBe(429);
    expect(neighbour).toBe(400);
  });

  describe('the API limit, decided in each replica and shared through the store', () => {
    const API_LIMIT = 200;
    let replicas: { url: string; stop: () => Promise<void> }[] = [];
    beforeAll(async () => {
      replicas = await Promise.all([58, 59].map((offset) => startExtraGateway({ API_RATE_LIMIT: String(API_LIMIT) }, offset)));
    });
    afterAll(async () => {
      await Promise.all(replicas.map((r) => r.stop()));
    });

    it('refuses none of a 180-request concurrent burst from one address under the limit (200)', async () => {
      const statuses = await inOneWindow(MINUTE, 20_000, () => {
        const headers = someAddress();
        return Promise.all(Array.from({ length: 180 }, () => fetch(`${replicas[0]!.url}/api/config`, { headers }).then((r) => r.status)));
      });
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
    });

    it(`holds one limit across two replicas within 10 % (${API_LIMIT} a minute, 400 requests, 8 at a time)`, async () => {
      const statuses = await inOneWindow(MINUTE, 30_000, async () => {
        const headers = someAddress();
        const seen: number[] = [];
        for (let i = 0; i < 400; i += 8) {
          const batch = Array.from({ length: 8 }, (_, k) => fetch(`${replicas[(i + k) % 2]!.url}/api/config`, { headers }).then((r) => r.status));
          seen.push(...(await Promise.all(batch)));
        }
        return seen;
      });
      const passed = statuses.filter((s) => s === 200).length;
      expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
      expect(passed).toBeGreaterThanOrEqual(API_LIMIT * 0.9);
      expect(passed).toBeLessThanOrEqual(API_LIMIT * 1.1);
    });
  });

  it('fails closed on sign-in and open on the rest of the API while the shared store (NATS) is down', async () => {
    await stopComponentNamed('nats');
    let login: { status: number; body: any };
    let config: { status: number };
    try {
      login = await api('/api/auth/login', { method: 'POST', headers: someAddress(), body: JSON.stringify({ email: 'ana@example.com', password: PASSWORD }) });
      config = await api('/api/config', { headers: someAddress() });
    } finally {
      await startComponentNamed('nats');
    }
    expect(login).toEqual({ status: 503, body: { statusCode: 503, message: 'Sign-in is unavailable for a moment. Please try again shortly.' } });
    expect(config.status).toBe(200);
    // Back: the gateway counts in the store again.
    await eventually(() => api('/api/auth/login', { method: 'POST', headers: someAddress(), body: '{}' }), (r) => r.status === 400, 60_000);
  });
});
