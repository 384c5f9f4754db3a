import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './trust-proxy';

describe('parseTrustProxy', () => {
  it.each([
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 192.168.0.0/16', ['10.0.0.0/8', '192.168.0.0/16']],
    ['1', 1],
    ['false', false],
    ['', false],
  ])('reads %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it('refuses "true", which would believe any X-Forwarded-For', () => {
    expect(() => parseTrustProxy('true')).toThrow(/would believe any X-Forwarded-For/);
  });
});
