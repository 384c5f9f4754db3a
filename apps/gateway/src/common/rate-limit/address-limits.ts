import type { ExecutionContext } from '@nestjs/common';
import type { BlockList } from 'node:net';
import { config } from '../../config';
import { inNetworks, parseNetworks } from '../../http/networks';

/** Addresses that stand for many learners (a school's NAT address), and how many learners' worth each gets. */
export interface TrustedRanges {
  networks: BlockList;
  factor: number;
}

/**
 * A per-address limit for one client: the configured limit, times the trusted factor when the
 * client's address is in a trusted range. Thirty learners signing in from one school address at
 * 9:00 would otherwise share one learner's sign-in allowance; raising the limit for everyone
 * instead would hand the same allowance to every guessing address on the internet.
 */
export function limitForAddress(limit: number, ip: string | undefined, trusted: TrustedRanges): number {
  return inNetworks(ip, trusted.networks) ? limit * trusted.factor : limit;
}

const configuredRanges: TrustedRanges = {
  networks: parseNetworks(config.RATE_LIMIT_TRUSTED_RANGES.split(',')),
  factor: config.RATE_LIMIT_TRUSTED_FACTOR,
};

/**
 * A throttler `limit` resolved per request from its client address (Fastify's `request.ip`, derived
 * with TRUST_PROXY), for @Throttle and the module's throttlers.
 */
export const perAddressLimit =
  (limit: number, trusted: TrustedRanges = configuredRanges) =>
  (context: ExecutionContext): number =>
    limitForAddress(limit, context.switchToHttp().getRequest<{ ip?: string }>().ip, trusted);
