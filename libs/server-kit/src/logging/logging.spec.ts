import { describe, expect, it } from 'vitest';
import { redactAuthQuery, requestLogLevel, requestSummary } from './logging';

describe('redactAuthQuery', () => {
  it('keeps the authorization code and state of the Google callback out of the log', () => {
    const logged = redactAuthQuery({ method: 'GET', url: '/api/auth/google/callback?state=s3cret&code=c0de', query: { state: 's3cret', code: 'c0de' } });
    expect(JSON.stringify(logged)).not.toMatch(/s3cret|c0de/);
    expect(logged.url).toBe('/api/auth/google/callback?[redacted]');
  });

  it('leaves other requests as they are', () => {
    const req = { method: 'GET', url: '/api/tests?page=2', query: { page: '2' } };
    expect(redactAuthQuery(req)).toBe(req);
  });
});

describe('request lines', () => {
  it('writes successes at debug, refusals at warn and failures at error', () => {
    expect([200, 201, 204, 302].map((s) => requestLogLevel(s))).toEqual(['debug', 'debug', 'debug', 'debug']);
    expect([400, 401, 404, 429].map((s) => requestLogLevel(s))).toEqual(['warn', 'warn', 'warn', 'warn']);
    expect([500, 503].map((s) => requestLogLevel(s))).toEqual(['error', 'error']);
    expect(requestLogLevel(200, new Error('thrown after the answer'))).toBe('error');
  });

  it('names the request without its headers, and without the query of an /api/auth call', () => {
    const line = requestSummary({
      id: 7,
      method: 'GET',
      url: '/api/auth/google/callback?code=c0de',
      remoteAddress: '10.0.0.9',
      headers: { authorization: 'Bearer t0ken', cookie: 'fluent_session=s3ss' },
    });
    expect(line).toEqual({ id: 7, method: 'GET', url: '/api/auth/google/callback?[redacted]', remoteAddress: '10.0.0.9', query: '[redacted]' });
  });
});
