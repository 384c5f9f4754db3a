import { describe, expect, it } from 'vitest';
import { redactAuthQuery } from './logging';

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
