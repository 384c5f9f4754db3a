import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

export const HEALTH_TOKEN_HEADER = 'x-health-token';

export interface InternalCallerPolicy {
  /** CIDRs (IPv4 or IPv6) besides loopback whose callers may read the deep health report. */
  networks: string[];
  /** When set, a caller sending it in the X-Health-Token header may read it from anywhere. */
  token?: string;
}

/** Parses "10.0.0.0/8, fd00::/8" into a BlockList; loopback is always in it. Throws on a bad entry. */
export function internalNetworks(cidrs: string[]): BlockList {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addSubnet('::1', 128, 'ipv6');
  for (const entry of cidrs.map((c) => c.trim()).filter(Boolean)) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    if (family === 0 || !Number.isInteger(bits) || bits < 0 || bits > (family === 6 ? 128 : 32)) {
      throw new Error(`Not a network: ${entry} (expected e.g. 10.0.0.0/8 or fd00::/8)`);
    }
    list.addSubnet(address, bits, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

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
  if (!ip) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  const family = isIP(address);
  if (family === 0) return false;
  return networks.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
