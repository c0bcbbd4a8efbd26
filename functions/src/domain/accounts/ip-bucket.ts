import { isIPv4, isIPv6 } from 'node:net';

/**
 * The subject of the per-IP rate limits. An IPv6 subscriber typically holds a whole /64 (often a
 * /56 or /48), so counting single IPv6 addresses would give one client 2^64 fresh buckets; the
 * /64 is counted instead. IPv4 addresses stay as they are (one per client, or a shared NAT, which
 * the limits are sized for). Anything else is its own bucket.
 */
export function rateLimitAddress(ip: string): string {
  const address = ip.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(address) || !isIPv6(address)) return ip;
  return `${firstHextets(address.toLowerCase(), 4).join(':')}::/64`;
}

/** The first `n` 16-bit groups of a valid IPv6 address, "::" expanded and leading zeros dropped. */
function firstHextets(address: string, n: number): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) fills two groups; only the first four groups matter here.
  const rightGroups = right.flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - rightGroups.length).fill('0');
  return [...left, ...zeros, ...rightGroups].slice(0, n).map((g) => parseInt(g, 16).toString(16));
}
