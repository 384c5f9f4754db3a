import { timingSafeEqual } from 'node:crypto';
import type { BlockList } from 'node:net';
import { inNetworks, parseNetworks } from '../http/networks';

export const HEALTH_TOKEN_HEADER = 'x-health-token';

export interface InternalCallerPolicy {
  /** CIDRs (IPv4 or IPv6) besides loopback whose callers may read the deep health report. */
  networks: string[];
  /** When set, a caller sending it in the X-Health-Token header may read it from anywhere. */
  token?: string;
}

/** Parses "10.0.0.0/8, fd00::/8" into a BlockList; loopback is always in it. Throws on a bad entry. */
export const internalNetworks = (cidrs: string[]): BlockList => parseNetworks(['127.0.0.0/8', '::1', ...cidrs]);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a request may read the deep health report. `ip` is Express's `req.ip`: the socket's
 * address, or the client a trusted (loopback) proxy forwarded for, so a public request relayed by
 * a local proxy is judged by its real origin, not the proxy's loopback address.
 */
export function isInternalCaller(
  ip: string | undefined,
  tokenHeader: string | string[] | undefined,
  networks: BlockList,
  token: string | undefined,
): boolean {
  if (token && typeof tokenHeader === 'string' && sameSecret(tokenHeader, token)) return true;
  return inNetworks(ip, networks);
}
