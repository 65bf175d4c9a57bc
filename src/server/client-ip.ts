/**
 * @module server/client-ip
 * Which client a request counts against. The MCP contract's order is
 * x-forwarded-for (first) -> x-real-ip -> "unknown"; here the forwarded
 * headers are believed only when the TCP peer is a configured trusted proxy,
 * because anyone else could send a fresh x-forwarded-for with every request
 * and never be rate limited. Otherwise the socket address is the client.
 *
 * Within x-forwarded-for, the client is the first address counting from the
 * right that is not itself a trusted proxy. For a chain of trusted proxies
 * that is the MCP contract's "first" entry; but when a proxy appends to a header the
 * client sent (nginx's $proxy_add_x_forwarded_for), the client-written
 * entries on the left are skipped instead of believed.
 */
import { BlockList, isIP } from 'node:net';

export interface TrustedProxies {
  has(address: string): boolean;
  readonly entries: readonly string[];
}

/** Strips the IPv4-mapped prefix (`::ffff:10.0.0.1`) so one client has one key. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice(7) : trimmed;
}

/** Parses addresses and CIDR ranges (`10.0.0.0/8`, `::1`); throws on anything else. */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.trim().split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`not an IP address or CIDR range: ${entry}`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else {
      const bits = Number(prefix);
      if (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)) throw new Error(`bad CIDR prefix: ${entry}`);
      list.addSubnet(address, bits, type);
    }
  }
  return {
    entries: [...entries],
    has(address) {
      const normalized = normalizeAddress(address);
      const family = isIP(normalized);
      return family !== 0 && list.check(normalized, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

export const NO_TRUSTED_PROXIES: TrustedProxies = trustedProxies([]);

function header(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() ? text : undefined;
}

export function clientIp(
  headers: Record<string, string | string[] | undefined>,
  peer: string | undefined,
  trusted: TrustedProxies,
): string {
  if (peer && trusted.has(peer)) {
    const chain = (header(headers['x-forwarded-for']) ?? '').split(',').map((a) => a.trim()).filter(Boolean);
    if (chain.length > 0) {
      const client = [...chain].reverse().find((address) => !trusted.has(address)) ?? chain[0]!;
      return normalizeAddress(client);
    }
    const real = header(headers['x-real-ip'])?.trim();
    if (real) return normalizeAddress(real);
  }
  return peer ? normalizeAddress(peer) : 'unknown';
}
