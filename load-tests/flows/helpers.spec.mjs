import { describe, expect, it } from 'vitest';
import { chooseTest } from './choose-test.js';
import { learnerCount, learnersOfVu, newLearner } from './learners.js';
import { fillPath, wireRequest } from './requests.js';
import { adopt, newSession, refreshPeriodMs } from './session.js';
import { drawSeconds } from './think.js';

const card = (id, access, attemptsLeft) => ({ id, access, attemptsLeft });

describe('chooseTest', () => {
  it('takes the first card the learner may open with an attempt left', () => {
    expect(chooseTest([card(1, true, 0), card(2, true, 1), card(3, true, 1)])).toBe(2);
  });
  it('skips locked premium cards, and answers undefined when nothing is left', () => {
    expect(chooseTest([card(1, true, 0), card(4, false, 1)])).toBeUndefined();
  });
});

describe('learners of a VU', () => {
  it('gives every VU its own learners, none shared, all used', () => {
    const pool = Array.from({ length: learnerCount(4, 3) }, (_, i) => i);
    const owned = [1, 2, 3, 4].map((vu) => learnersOfVu(pool, vu, 4));
    expect(owned).toEqual([[0, 4, 8], [1, 5, 9], [2, 6, 10], [3, 7, 11]]);
  });
  it('makes sign-up bodies the gateway accepts: a unique email and a 10-digit mobile number', () => {
    const a = newLearner('run1', 0, 'pw');
    const b = newLearner('run1', 12_345, 'pw');
    expect(a.email).not.toBe(b.email);
    expect(b.mobileNumber).toMatch(/^\d{10}$/);
    expect(Object.keys(a).sort()).toEqual(['email', 'mobileNumber', 'password']);
  });
});

describe('session', () => {
  it('refreshes 30 s before a 5-minute access token expires, as the SPA does', () => {
    const session = adopt(newSession(), { accessToken: 't', expiresIn: 300 });
    expect(refreshPeriodMs(session)).toBe(270_000);
    // A 40-minute test therefore makes 8 refreshes (attempt.js).
    expect(Math.floor(2_400_000 / refreshPeriodMs(session))).toBe(8);
  });
  it('refuses an answer that is not a session', () => {
    expect(() => adopt(newSession(), { message: 'No session.' })).toThrow(/not a session answer/);
  });
});

describe('requests', () => {
  const data = { requests: { 'blog.post': { method: 'GET', path: '/api/blog/{slug}', headers: { Accept: 'application/json' }, expect: [200] }, me: { method: 'GET', path: '/api/me', auth: true, headers: {}, expect: [200] } } };
  it('fills the path and sends a body as JSON', () => {
    expect(fillPath('/api/tests/{testId}/attempts', { testId: 3 })).toBe('/api/tests/3/attempts');
    const wire = wireRequest(data, 'http://x/', { name: 'blog.post', vars: { slug: 'a' }, body: { b: 1 } });
    expect(wire).toMatchObject({ method: 'GET', url: 'http://x/api/blog/a', body: '{"b":1}', headers: { 'Content-Type': 'application/json', Accept: 'application/json' } });
  });
  it('refuses a missing placeholder value, an unknown name and an authenticated request without a token', () => {
    expect(() => fillPath('/api/blog/{slug}', {})).toThrow(/no value for \{slug\}/);
    expect(() => wireRequest(data, 'http://x', { name: 'nope' })).toThrow(/no request "nope"/);
    expect(() => wireRequest(data, 'http://x', { name: 'me' })).toThrow(/needs a signed-in learner/);
    expect(wireRequest(data, 'http://x', { name: 'me' }, 'tok').headers.Authorization).toBe('Bearer tok');
  });
});

describe('think times', () => {
  it('draws within the range', () => {
    const data = { thinkSeconds: { read: [10, 20] } };
    expect(drawSeconds(data, 'read', () => 0)).toBe(10);
    expect(drawSeconds(data, 'read', () => 0.5)).toBe(15);
    expect(() => drawSeconds(data, 'nap')).toThrow(/no think time "nap"/);
  });
});
