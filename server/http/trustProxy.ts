import net from 'node:net';

/** `::ffff:10.0.0.1` is the IPv4 address 10.0.0.1. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

function ipv4ToInt(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** True when `address` is one of the proxies (IPs, or IPv4 CIDR ranges) listed in TRUST_PROXY. */
export function isTrustedProxy(address: string, proxies: readonly string[]): boolean {
  if (proxies.length === 0) return false;
  const ip = plain(address);
  for (const entry of proxies) {
    const [base, bits] = entry.split('/') as [string, string | undefined];
    if (bits === undefined) {
      if (plain(base) === ip) return true;
      continue;
    }
    if (!net.isIPv4(ip) || !net.isIPv4(base)) continue;
    const n = Number(bits);
    if (!Number.isInteger(n) || n < 0 || n > 32) continue;
    const mask = n === 0 ? 0 : (~0 << (32 - n)) >>> 0;
    if (((ipv4ToInt(ip) & mask) >>> 0) === ((ipv4ToInt(base) & mask) >>> 0)) return true;
  }
  return false;
}

/** Fastify's `trustProxy`: false (the socket address is the client) or the list of proxies to believe. */
export function trustProxyOption(proxies: readonly string[]): false | string[] {
  return proxies.length === 0 ? false : [...proxies];
}
