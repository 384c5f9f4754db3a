import { describe, expect, it } from 'vitest';
import { internalNetworks, isInternalCaller } from './internal-caller';

describe('isInternalCaller', () => {
  const networks = internalNetworks(['10.0.0.0/8', ' 192.168.5.7 ', 'fd00::/8']);

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '10.1.2.3', '::ffff:10.1.2.3', '192.168.5.7', 'fd12::1'])(
    'counts %s as internal',
    (ip) => expect(isInternalCaller(ip, undefined, networks, '')).toBe(true),
  );

  it.each(['203.0.113.7', '11.0.0.1', '192.168.5.8', '::ffff:203.0.113.7', '2001:db8::1', 'not-an-ip', '', undefined])(
    'counts %s as public',
    (ip) => expect(isInternalCaller(ip, undefined, networks, '')).toBe(false),
  );

  it('counts only loopback when no network is configured', () => {
    const loopbackOnly = internalNetworks(''.split(','));
    expect(isInternalCaller('127.0.0.1', undefined, loopbackOnly, '')).toBe(true);
    expect(isInternalCaller('10.1.2.3', undefined, loopbackOnly, '')).toBe(false);
  });

  it('lets the configured token in from anywhere, but no other token and no token when none is configured', () => {
    const token = 'a-long-enough-health-token';
    expect(isInternalCaller('203.0.113.7', token, networks, token)).toBe(true);
    expect(isInternalCaller('203.0.113.7', 'a-long-enough-health-tokeX', networks, token)).toBe(false);
    expect(isInternalCaller('203.0.113.7', [token], networks, token)).toBe(false);
    expect(isInternalCaller('203.0.113.7', '', networks, '')).toBe(false);
  });

  it('refuses a configuration entry that is not a network, naming it', () => {
    expect(() => internalNetworks(['10.0.0.0/33'])).toThrow('Not a network: 10.0.0.0/33');
    expect(() => internalNetworks(['intranet'])).toThrow('Not a network: intranet');
  });
});
