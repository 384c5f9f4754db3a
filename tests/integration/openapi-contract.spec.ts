// The published contract holds for what the gateway really answers: a learner's journey through the
// real stack (sign up, sign in, me, tests, a test, submit, attempts, an attempt, its feedback, the
// trend, a payment intent, the blog) and its usual errors (400, 401, 403, 404, 409, 413, 415), every
// answer checked against /api/openapi.json (tests/support/openapi-contract.ts): an undocumented
// status or media type, or a body off its schema, fails the test.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankTestAnswers } from '@fluent/contracts';
import { OpenApiContract } from '../support/openapi-contract';
import { eventually } from '../support/stack';
import { bearer, PASSWORD, sessionCookieOf, uniqueEmail } from '../support/users';

let contract: OpenApiContract;
const email = uniqueEmail('contract');
let token: string;
let cookie: string;
let attemptId: string;
let itemId: number;

beforeAll(async () => {
  contract = await OpenApiContract.load();
});

afterAll(() => {
  // What was covered, for whoever reads the run.
  console.info(`openapi contract: ${contract?.seen.size ?? 0} (operation, status) pairs checked`);
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and documents every operation with responses, errors and its security', () => {
    const doc = contract.document as unknown as { openapi: string; paths: Record<string, Record<string, { responses: object; security?: unknown[] }>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(Object.keys(operation.responses).length, `${method} ${path}`).toBeGreaterThan(0);
        expect(operation.security, `${method} ${path}`).toBeDefined();
      }
    }
  });

  it('the docs page and its assets are served from the gateway itself', async () => {
    const page = await contract.call('/api/docs');
    expect(page.status).toBe(200);
    const scripts = [...String(page.body).matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith('/api/docs/'), src).toBe(true);
      expect((await contract.call(src)).status).toBe(200);
    }
    expect((await contract.call('/api/docs/nope.js')).status).toBe(404);
  });
});

describe('a learner journey against the contract', () => {
  it('sign up: 201; the same email again: 409; a bad body: 400; not JSON: 415; too big: 413', async () => {
    const signedUp = await contract.call('/api/auth/signup', { method: 'POST', json: { email, password: PASSWORD, mobileNumber: '0123456789' } });
    expect(signedUp.status).toBe(201);
    expect((await contract.call('/api/auth/signup', { method: 'POST', json: { email, password: PASSWORD, mobileNumber: '0123456789' } })).status).toBe(409);
    expect((await contract.call('/api/auth/signup', { method: 'POST', json: { email: 'not-an-email', password: 1 } })).status).toBe(400);
    expect((await contract.call('/api/auth/signup', { method: 'POST', body: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
    expect((await contract.call('/api/auth/signup', { method: 'POST', json: { email, password: 'x'.repeat(200 * 1024) } })).status).toBe(413);
  });

  it('sign in: 200 with the session cookie; a wrong password: 401; the session restored and ended', async () => {
    const signedIn = await contract.call('/api/auth/login', { method: 'POST', json: { email, password: PASSWORD } });
    expect(signedIn.status).toBe(200);
    token = signedIn.body.accessToken;
    cookie = sessionCookieOf({ headers: signedIn.headers } as Response)!;
    expect(cookie).toBeDefined();
    expect((await contract.call('/api/auth/login', { method: 'POST', json: { email, password: `${PASSWORD}-wrong` } })).status).toBe(401);
    const restored = await contract.call('/api/auth/session', { method: 'POST', headers: { cookie } });
    expect(restored.status).toBe(200);
    cookie = sessionCookieOf({ headers: restored.headers } as Response)!;
    expect([200, 204]).toContain((await contract.call('/api/auth/session', { method: 'POST' })).status);
  });

  it('me: 200; without a token or with a forged one: 401', async () => {
    expect((await contract.call('/api/me', { headers: bearer(token) })).status).toBe(200);
    expect((await contract.call('/api/me')).status).toBe(401);
    expect((await contract.call('/api/me', { headers: bearer('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.x') })).status).toBe(401);
  });

  it('tests: the cards, a free test, a premium one (403), an unknown one (404)', async () => {
    expect((await contract.call('/api/tests', { headers: bearer(token) })).status).toBe(200);
    expect((await contract.call('/api/tests/1', { headers: bearer(token) })).status).toBe(200);
    expect((await contract.call('/api/tests/20', { headers: bearer(token) })).status).toBe(403);
    expect((await contract.call('/api/tests/21', { headers: bearer(token) })).status).toBe(404);
    expect((await contract.call('/api/tests/abc', { headers: bearer(token) })).status).toBe(404);
  });

  it('submit: 201; a broken submission: 400; attempts, an attempt, another id (404)', async () => {
    const answers = blankTestAnswers({
      typing: { text: 'The quick brown fox', elapsedMs: 60_000, timeline: [[1000, 5], [2000, 19]] },
      emailInput: 'Dear Sir, I am writing about my order, which has not arrived yet. Yours faithfully, Sam',
    });
    const submitted = await contract.call('/api/tests/1/attempts', { method: 'POST', headers: bearer(token), json: { submissionId: randomUUID(), answers } });
    expect(submitted.status).toBe(201);
    attemptId = submitted.body.attemptId;
    itemId = submitted.body.questions.sentences[0].id;
    expect((await contract.call('/api/tests/1/attempts', { method: 'POST', headers: bearer(token), json: { submissionId: 'x', answers: {} } })).status).toBe(400);
    expect((await contract.call('/api/attempts', { headers: bearer(token) })).status).toBe(200);
    expect((await contract.call(`/api/attempts/${attemptId}`, { headers: bearer(token) })).status).toBe(200);
    expect((await contract.call('/api/attempts/0123456789abcdef01234567', { headers: bearer(token) })).status).toBe(404);
  });

  it('feedback: 202 while pending, then 200; the trend; a report on an item', async () => {
    const ready = await eventually(
      () => contract.call(`/api/attempts/${attemptId}/feedback`, { headers: bearer(token) }),
      (r) => r.status === 200,
      60_000,
    );
    expect(ready.status).toBe(200);
    expect((await contract.call('/api/feedback/trend', { headers: bearer(token) })).status).toBe(200);
    const report = { section: 'sentences', itemId, reason: 'answer-should-be-accepted', comment: 'contract test' };
    expect((await contract.call(`/api/attempts/${attemptId}/reports`, { method: 'POST', headers: bearer(token), json: report })).status).toBe(201);
    expect((await contract.call(`/api/attempts/${attemptId}/reports`, { method: 'POST', headers: bearer(token), json: { ...report, section: 'nope' } })).status).toBe(400);
  }, 90_000);

  it('payments: the config, an intent for the price, a wrong amount (400), a foreign site (403)', async () => {
    expect((await contract.call('/api/payments/config')).status).toBe(200);
    const intent = await contract.call('/api/create-payment-intent', { method: 'POST', headers: bearer(token), json: { amount: 4999 } });
    expect(intent.status).toBe(200);
    expect((await contract.call('/api/create-payment-intent', { method: 'POST', headers: bearer(token), json: { amount: 1 } })).status).toBe(400);
    expect((await contract.call('/api/create-payment-intent', { method: 'POST', headers: { ...bearer(token), origin: 'https://evil.example' }, json: { amount: 4999 } })).status).toBe(403);
  });

  it('public reads: config, health, blog list, a post, an unknown post (404)', async () => {
    expect((await contract.call('/api/config')).status).toBe(200);
    expect((await contract.call('/api/health/live')).status).toBe(200);
    expect((await contract.call('/api/health')).status).toBe(200);
    const list = await contract.call('/api/blog');
    expect(list.status).toBe(200);
    expect((await contract.call(`/api/blog/${list.body.posts[0].slug}`)).status).toBe(200);
    expect((await contract.call('/api/blog/no-such-post')).status).toBe(404);
  });

  it('sign out: the session cookie cleared', async () => {
    expect([200, 204]).toContain((await contract.call('/api/auth/logout', { method: 'POST', headers: { cookie } })).status);
  });
});

describe('the checker itself', () => {
  it('rejects a body off its schema and an undocumented status', () => {
    const json = 'application/json';
    expect(contract.problems('get', '/api/me', { status: 200, body: { nope: true }, contentType: json })).not.toEqual([]);
    expect(contract.problems('get', '/api/me', { status: 418, body: {}, contentType: json })).not.toEqual([]);
    expect(contract.problems('get', '/api/nope', { status: 200, body: {}, contentType: json })).not.toEqual([]);
  });
});
