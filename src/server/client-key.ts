/**
 * @module server/client-key
 * The rate-limit key of a client address (server/client-ip picks the
 * address). Addresses one party can freely choose among are one key:
 *
 * - the whole loopback range, 127.0.0.0/8 and ::1, is `loopback`: every
 *   local process can connect from any 127.x.y.z address, so a window per
 *   address would give one local client sixteen million of them. Local
 *   clients share one window; behind a reverse proxy on the same machine,
 *   name it with --trust-proxy so the forwarded client is keyed instead;
 * - an IPv6 address is its /64 (`2001:db8:1:2::/64`): a subscriber or a LAN
 *   is usually handed a whole /64 and may use any address in it;
 * - an IPv4 address is itself (IPv4-mapped IPv6 is read as IPv4 first).
 *
 * Anything else (`unknown`, or a forwarded value that is not an address)
 * stays as it is, cut to a bounded length.
 */
import { isIP } from 'node:net';
import { CLIENT_KEY } from '../contracts/access-limits.js';
import { normalizeAddress } from './client-ip.js';

export const LOOPBACK_KEY = 'loopback';

/** Longest key kept from a value that is not an address. */
const OTHER_MAX_CHARS = 64;

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail becomes two groups). */
export function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%', 1)[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16));
}

export function clientKey(address: string): string {
  const normalized = normalizeAddress(address);
  const family = isIP(normalized);
  if (family === 4) return normalized.startsWith('127.') ? LOOPBACK_KEY : normalized;
  if (family === 6) {
    const groups = ipv6Groups(normalized);
    if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return LOOPBACK_KEY;
    const kept = CLIENT_KEY.ipv6PrefixBits / 16;
    return `${groups.slice(0, kept).map((g) => g.toString(16)).join(':')}::/${CLIENT_KEY.ipv6PrefixBits}`;
  }
  return normalized.slice(0, OTHER_MAX_CHARS);
}
