/**
 * Express's `trust proxy` from configuration. Behind a Kubernetes ingress the client address is in
 * X-Forwarded-For, set by the ingress; only the proxies named here are believed, so a client
 * cannot pick its own address (and its own rate-limit bucket) by sending the header itself.
 *
 * Accepts: a hop count ("1"), "false", or a comma-separated list of addresses, CIDR ranges and
 * Express's names (loopback, linklocal, uniquelocal).
 */
export function parseTrustProxy(value: string): number | boolean | string[] {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') throw new Error('TRUST_PROXY=true would believe any X-Forwarded-For; name the proxies or a hop count');
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
