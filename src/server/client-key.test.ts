import { describe, expect, it } from 'vitest';
import { clientKey, ipv6Groups } from './client-key.js';

describe('clientKey', () => {
  it.each([
    ['an IPv4 client is itself', '203.0.113.9', '203.0.113.9'],
    ['IPv4-mapped IPv6 is its IPv4 form', '::ffff:203.0.113.9', '203.0.113.9'],
    ['127.0.0.1 is the loopback client', '127.0.0.1', 'loopback'],
    ['any address of 127.0.0.0/8 is the same loopback client', '127.0.0.2', 'loopback'],
    ['the top of the loopback range too', '127.255.255.254', 'loopback'],
    ['IPv6 loopback is the same client as IPv4 loopback', '::1', 'loopback'],
    ['IPv4-mapped loopback too', '::ffff:127.0.0.5', 'loopback'],
    ['an IPv6 client is its /64', '2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['another address in the same /64 is the same client', '2001:db8:1:2:ffff:ee:dd:cc', '2001:db8:1:2::/64'],
    ['the neighbouring /64 is another client', '2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['leading zeros and case do not make another client', '2001:0DB8:0001:0002::9', '2001:db8:1:2::/64'],
    ['a zone id is dropped', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['not an address: kept, bounded', 'unknown', 'unknown'],
  ])('%s', (_name, address, expected) => {
    expect(clientKey(address)).toBe(expected);
  });

  it('expands every IPv6 spelling to eight groups', () => {
    expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('::1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0, 0x102, 0x304]);
    expect(ipv6Groups('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('keeps a long forwarded value that is not an address to a bounded key', () => {
    expect(clientKey('x'.repeat(10_000))).toHaveLength(64);
  });
});
