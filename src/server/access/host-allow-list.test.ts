import { describe, expect, it } from 'vitest';
import { QuarryError } from '../../contracts/errors.js';
import { HostAllowList, parseHost, parseHostEntry } from './host-allow-list.js';

const PORT = 7700;
const local = HostAllowList.build({ listenHost: '127.0.0.1', extra: [], corsOrigins: [] });

describe('parseHost', () => {
  it.each([
    ['localhost', { name: 'localhost', port: null }],
    ['LocalHost:7700', { name: 'localhost', port: 7700 }],
    ['localhost.:7700', { name: 'localhost', port: 7700 }],
    ['[::1]:7700', { name: '[::1]', port: 7700 }],
    ['127.0.0.1', { name: '127.0.0.1', port: null }],
    ['', null],
    ['::1', null], // IPv6 in a Host header needs brackets
    ['[nothex]:1', null],
    ['evil.test:99999', null],
    ['a b', null],
    ['user@localhost', null],
  ])('%j -> %j', (value, expected) => {
    expect(parseHost(value)).toEqual(expected);
  });

  it('accepts a bare IPv6 address as a configured entry, and refuses junk with a catalogue message', () => {
    expect(parseHostEntry('::1')).toEqual({ name: '[::1]', port: null });
    expect(() => parseHostEntry('a b')).toThrow(QuarryError);
    expect(() => parseHostEntry('a b')).toThrow('Not a host name for --allowed-hosts: a b');
  });
});

describe('HostAllowList', () => {
  it.each([
    ['localhost:7700', true],
    ['127.0.0.1:7700', true],
    ['[::1]:7700', true],
    ['localhost', true], // no port: as forwarded by a reverse proxy
    ['localhost:7701', false], // another local service's port
    ['evil.test:7700', false], // DNS rebinding
    ['127.0.0.1.evil.test:7700', false],
    [undefined, false],
  ])('loopback server: Host %j allowed = %s', (host, allowed) => {
    expect(local.hostAllowed(host, PORT)).toBe(allowed);
  });

  it.each([
    [undefined, true], // curl, agents
    ['http://localhost:7700', true],
    ['http://127.0.0.1:7700', true],
    ['http://[::1]:7700', true],
    ['https://127.0.0.1:7700', false], // the server speaks no TLS: not its own origin
    ['http://localhost', false], // port 80: another site on the same name
    ['https://127.0.0.1', false], // port 443
    ['http://localhost:80', false], // not how a browser writes an origin
    ['http://evil.test', false],
    ['http://evil.test:7700', false],
    ['http://localhost:3000', false], // another local web app
    ['null', false], // sandboxed iframes, file:// pages
    ['file://', false],
  ])('loopback server: Origin %j allowed = %s', (origin, allowed) => {
    expect(local.originAllowed(origin, PORT)).toBe(allowed);
  });

  it('adds configured names (with or without a port) and counts CORS origins as allowed origins', () => {
    const list = HostAllowList.build({ listenHost: '127.0.0.1', extra: ['quarry.example', 'proxy.example:8443'], corsOrigins: ['http://app.example'] });
    expect(list.hostAllowed('quarry.example', PORT)).toBe(true);
    expect(list.hostAllowed('quarry.example:7700', PORT)).toBe(true);
    expect(list.hostAllowed('proxy.example:8443', PORT)).toBe(true);
    expect(list.hostAllowed('proxy.example:7700', PORT)).toBe(false);
    expect(list.originAllowed('http://app.example', PORT)).toBe(true);
    expect(list.originAllowed('http://quarry.example:7700', PORT)).toBe(true);
    expect(list.originAllowed('http://proxy.example:8443', PORT)).toBe(true);
    // A TLS proxy's public origin is another scheme and port: only --cors names it.
    expect(list.originAllowed('https://quarry.example', PORT)).toBe(false);
    expect(list.originAllowed('https://proxy.example:8443', PORT)).toBe(false);
    expect(HostAllowList.build({ listenHost: '127.0.0.1', extra: ['quarry.example'], corsOrigins: ['https://quarry.example'] })
      .originAllowed('https://quarry.example', PORT)).toBe(true);
    expect(list.originAllowed('http://other.example', PORT)).toBe(false);
    expect(HostAllowList.build({ listenHost: '127.0.0.1', extra: [], corsOrigins: ['*'] }).originAllowed('http://any.example', PORT)).toBe(true);
  });

  it('writes an origin on port 80 without the port, as browsers send it', () => {
    expect(local.originAllowed('http://localhost', 80)).toBe(true);
    expect(local.originAllowed('http://localhost:80', 80)).toBe(false);
  });

  it('allows the address the server listens on', () => {
    const list = HostAllowList.build({ listenHost: '192.0.2.10', extra: [], corsOrigins: [] });
    expect(list.hostAllowed('192.0.2.10:7700', PORT)).toBe(true);
    expect(list.hostAllowed('192.0.2.11:7700', PORT)).toBe(false);
  });

  it('gives the MCP SDK transport the same list as exact strings', () => {
    expect(local.hostValues(PORT)).toEqual(['localhost', 'localhost:7700', '127.0.0.1', '127.0.0.1:7700', '[::1]', '[::1]:7700']);
    expect(local.originValues(PORT)).toContain('http://localhost:7700');
    expect(local.originValues(PORT)).not.toContain('http://evil.test:7700');
    expect(local.originValues(PORT)).not.toContain('http://localhost');
    expect(local.originValues(PORT)).not.toContain('https://localhost:7700');
    expect(HostAllowList.build({ listenHost: '127.0.0.1', extra: [], corsOrigins: ['*'] }).originValues(PORT)).toBeNull();
  });
});
