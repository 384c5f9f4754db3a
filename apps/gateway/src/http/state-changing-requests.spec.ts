import { describe, expect, it } from 'vitest';
import { FOREIGN_ORIGIN_MESSAGE, JSON_ONLY_MESSAGE, stateChangingRefusal, type RequestFacts } from './state-changing-requests';

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
