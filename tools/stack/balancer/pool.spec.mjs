import { describe, expect, it } from 'vitest';
import { BackendPool, failureKind, mayRetryElsewhere, parseBackend } from './pool.mjs';

const [a, b, c] = ['127.0.0.1:1', '127.0.0.1:2', '127.0.0.1:3'].map(parseBackend);

describe('BackendPool', () => {
  it('takes turns over the backends in rotation', () => {
    const pool = new BackendPool([a, b, c]);
    expect([1, 2, 3, 4, 5, 6].map(() => pool.pick()?.label)).toEqual(['127.0.0.1:1', '127.0.0.1:2', '127.0.0.1:3', '127.0.0.1:1', '127.0.0.1:2', '127.0.0.1:3']);
  });

  it('sends nothing to an ejected backend until it is readmitted', () => {
    const pool = new BackendPool([a, b]);
    expect(pool.eject(a)).toBe(true);
    expect(pool.eject(a)).toBe(false);
    expect(Array.from({ length: 10 }, () => pool.pick())).toEqual(Array(10).fill(b));
    expect(pool.readmit(a)).toBe(true);
    expect(new Set(Array.from({ length: 4 }, () => pool.pick()))).toEqual(new Set([a, b]));
  });

  it('skips backends a request already failed on, and has none left once it tried them all', () => {
    const pool = new BackendPool([a, b]);
    const tried = new Set([pool.pick()]);
    const second = pool.pick(tried);
    expect(tried.has(second)).toBe(false);
    tried.add(second);
    expect(pool.pick(tried)).toBeUndefined();
  });

  it('tries ejected backends when none is in rotation (a probe may lag a restart)', () => {
    const pool = new BackendPool([a, b]);
    pool.eject(a);
    pool.eject(b);
    const first = pool.pick();
    expect([a, b]).toContain(first);
    expect(pool.pick(new Set([first]))).toBe(first === a ? b : a);
  });

  it('refuses an empty list and a malformed address', () => {
    expect(() => new BackendPool([])).toThrow(/at least one backend/);
    expect(() => parseBackend('localhost')).toThrow(/host:port/);
  });
});

describe('which failures go to another backend', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

  it('tells a connection never made from one dropped after the request went out', () => {
    expect(failureKind(refused, { connected: false })).toBe('connect');
    expect(failureKind(reset, { connected: true })).toBe('dropped');
    // A refused error on a socket that had connected is not a connect failure (it cannot be, but stays safe).
    expect(failureKind(refused, { connected: true })).toBe('dropped');
  });

  it('repeats any request the backend never saw, and a dropped one only when its method is idempotent', () => {
    const base = { answerStarted: false, bodyKept: true };
    expect(mayRetryElsewhere({ ...base, method: 'POST', kind: 'connect' })).toBe(true);
    expect(mayRetryElsewhere({ ...base, method: 'GET', kind: 'dropped' })).toBe(true);
    expect(mayRetryElsewhere({ ...base, method: 'put', kind: 'dropped' })).toBe(true);
    expect(mayRetryElsewhere({ ...base, method: 'POST', kind: 'dropped' })).toBe(false);
    expect(mayRetryElsewhere({ ...base, method: 'PATCH', kind: 'dropped' })).toBe(false);
  });

  it('never repeats once the answer has begun, or without a copy of the body', () => {
    expect(mayRetryElsewhere({ method: 'GET', kind: 'dropped', answerStarted: true, bodyKept: true })).toBe(false);
    expect(mayRetryElsewhere({ method: 'POST', kind: 'connect', answerStarted: false, bodyKept: false })).toBe(false);
  });
});
