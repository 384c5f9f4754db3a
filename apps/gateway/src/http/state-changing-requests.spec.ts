import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { FOREIGN_ORIGIN_MESSAGE, JSON_ONLY_MESSAGE, refuseForeignOrNonJsonRequests, stateChangingRefusal, type RequestFacts } from './state-changing-requests';

const site = 'https://fluent.example';
const post = (facts: Partial<RequestFacts> = {}): RequestFacts => ({ method: 'POST', contentType: 'application/json', hasBody: true, ownOrigin: site, ...facts });
const allowed = ['http://localhost:3000'];

describe('stateChangingRefusal', () => {
  it('lets JSON through from this site, from an allowed origin, and from a client that sends no Origin', () => {
    expect(stateChangingRefusal(post({ origin: site }), allowed)).toBeUndefined();
    expect(stateChangingRefusal(post({ origin: 'http://localhost:3000' }), allowed)).toBeUndefined();
    expect(stateChangingRefusal(post({ contentType: 'application/json; charset=utf-8' }), allowed)).toBeUndefined();
    expect(stateChangingRefusal(post({ contentType: 'application/merge-patch+json' }), allowed)).toBeUndefined();
  });

  it.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', undefined])('answers 415 to a body of type %s', (contentType) => {
    expect(stateChangingRefusal(post({ contentType }), allowed)).toEqual({ status: 415, message: JSON_ONLY_MESSAGE });
  });

  it('answers 403 to a request another site\'s page sent, whatever its body', () => {
    expect(stateChangingRefusal(post({ origin: 'https://attacker.example' }), allowed)).toEqual({ status: 403, message: FOREIGN_ORIGIN_MESSAGE });
    expect(stateChangingRefusal(post({ origin: 'null', contentType: 'application/x-www-form-urlencoded' }), allowed)).toEqual({ status: 403, message: FOREIGN_ORIGIN_MESSAGE });
  });

  it('leaves reads, and state changes without a body (refresh, sign-out), to the routes', () => {
    expect(stateChangingRefusal({ method: 'GET', hasBody: false, origin: 'https://attacker.example', ownOrigin: site }, allowed)).toBeUndefined();
    expect(stateChangingRefusal(post({ hasBody: false, contentType: undefined }), allowed)).toBeUndefined();
  });
});

describe('refuseForeignOrNonJsonRequests (the onRequest hook, on Fastify)', () => {
  /** A bare Fastify with the hook, an API route that changes state and the web app's pages. */
  async function server() {
    const app = Fastify();
    app.addHook('onRequest', refuseForeignOrNonJsonRequests([]));
    app.post('/api/auth/logout', async () => ({ signedOut: true }));
    app.route({ method: ['GET', 'HEAD'], url: '/*', handler: async () => 'page' });
    await app.ready();
    return app;
  }
  const foreign = { origin: 'https://attacker.example', 'content-type': 'application/x-www-form-urlencoded' };

  it.each(['/api/auth/logout', '/%61pi/auth/logout', '/%61%70%69/auth/logout', '/api/auth/%6Cogout'])('checks %s by the route it reaches (403 from another site)', async (url) => {
    const app = await server();
    const answer = await app.inject({ method: 'POST', url, headers: foreign, payload: 'a=1' });
    expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 403, body: { statusCode: 403, message: FOREIGN_ORIGIN_MESSAGE } });
    await app.close();
  });

  it('lets the same route through from this site as JSON, and leaves the pages alone', async () => {
    const app = await server();
    const own = await app.inject({ method: 'POST', url: '/%61pi/auth/logout', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(own.json()).toEqual({ signedOut: true });
    expect((await app.inject({ method: 'GET', url: '/privacy', headers: { origin: 'https://attacker.example' } })).statusCode).toBe(200);
    await app.close();
  });

  it('refuses a state change that matches no route as well (fails closed)', async () => {
    const app = await server();
    expect((await app.inject({ method: 'POST', url: '/%61pi/nothing', headers: foreign, payload: 'a=1' })).statusCode).toBe(403);
    await app.close();
  });
});
