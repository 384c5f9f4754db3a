import { BlockList, isIP } from 'node:net';

/**
 * Address ranges from configuration ("10.0.0.0/8, fd00::/8, 192.168.5.7"), as Node's BlockList.
 * Throws on an entry that is not an address or a CIDR range, naming it: a typo in an operator's
 * list must stop the gateway at start, not silently match nobody.
 */
export function parseNetworks(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries.map((e) => e.trim()).filter(Boolean)) {
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

/** Past this many addresses a list's remembered answers are forgotten (an address flood must not grow memory). */
const REMEMBERED_ADDRESSES = 10_000;
const answers = new WeakMap<BlockList, Map<string, boolean>>();

/**
 * Whether a request's address (Fastify's `request.ip`; IPv4-mapped IPv6 counts as IPv4) is in the
 * list. Asked on every request (the rate limit's trusted ranges): the answer for an address is
 * remembered, as BlockList.check builds a SocketAddress per call.
 */
export function inNetworks(ip: string | undefined, networks: BlockList): boolean {
  if (!ip) return false;
  let known = answers.get(networks);
  if (!known) answers.set(networks, (known = new Map()));
  const remembered = known.get(ip);
  if (remembered !== undefined) return remembered;
  if (known.size >= REMEMBERED_ADDRESSES) known.clear();
  const answer = check(ip, networks);
  known.set(ip, answer);
  return answer;
}

function check(ip: string, networks: BlockList): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  const family = isIP(address);
  if (family === 0) return false;
  return networks.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
