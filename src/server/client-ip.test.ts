import { describe, expect, it } from 'vitest';
import { clientIp, trustedProxies } from './client-ip.js';

const proxies = trustedProxies(['10.0.0.1', '192.168.0.0/16', '::1']);

describe('clientIp', () => {
  it.each([
    ['untrusted peer: forwarded headers ignored (no picking your own IP)', { 'x-forwarded-for': '1.2.3.4' }, '203.0.113.9', '203.0.113.9'],
    ['untrusted peer: x-real-ip ignored', { 'x-real-ip': '1.2.3.4' }, '203.0.113.9', '203.0.113.9'],
    ['trusted proxy: first x-forwarded-for entry', { 'x-forwarded-for': '1.2.3.4, 10.0.0.1' }, '10.0.0.1', '1.2.3.4'],
    ['chain of trusted proxies: the client before them', { 'x-forwarded-for': '1.2.3.4, 192.168.1.1' }, '10.0.0.1', '1.2.3.4'],
    ['appending proxy: entries the client wrote itself are not believed', { 'x-forwarded-for': '6.6.6.6, 1.2.3.4' }, '10.0.0.1', '1.2.3.4'],
    ['only trusted addresses forwarded: the first of them', { 'x-forwarded-for': '192.168.1.1, 192.168.1.2' }, '10.0.0.1', '192.168.1.1'],
    ['trusted proxy in a CIDR range', { 'x-forwarded-for': '5.6.7.8' }, '192.168.4.20', '5.6.7.8'],
    ['trusted IPv6 proxy', { 'x-forwarded-for': '5.6.7.8' }, '::1', '5.6.7.8'],
    ['trusted proxy: x-real-ip when no x-forwarded-for', { 'x-real-ip': '9.9.9.9' }, '10.0.0.1', '9.9.9.9'],
    ['trusted proxy without headers: the proxy itself', {}, '10.0.0.1', '10.0.0.1'],
    ['IPv4-mapped peer is one client with its IPv4 form', {}, '::ffff:203.0.113.9', '203.0.113.9'],
    ['IPv4-mapped trusted proxy still trusted', { 'x-forwarded-for': '1.2.3.4' }, '::ffff:10.0.0.1', '1.2.3.4'],
    ['no peer address', {}, undefined, 'unknown'],
  ])('%s', (_name, headers, peer, expected) => {
    expect(clientIp(headers as Record<string, string>, peer, proxies)).toBe(expected);
  });

  it('refuses a trusted-proxy entry that is not an address or range', () => {
    expect(() => trustedProxies(['proxy.example'])).toThrow(/not an IP/);
    expect(() => trustedProxies(['10.0.0.0/33'])).toThrow(/CIDR/);
  });
});
