import { describe, expect, it } from 'vitest';
import { BearerToken } from './bearer-token.js';
import { isLoopbackHost } from './bind-address.js';

describe('BearerToken', () => {
  const token = new BearerToken('s3cret-token-0123456789');
  it.each([
    ['Bearer s3cret-token-0123456789', true],
    ['bearer s3cret-token-0123456789', true],
    ['Bearer s3cret-token-012345678', false],
    ['Bearer s3cret-token-0123456789x', false],
    ['Basic s3cret-token-0123456789', false],
    ['s3cret-token-0123456789', false],
    ['Bearer ', false],
    [undefined, false],
  ])('%j accepted = %s', (header, accepted) => {
    expect(token.accepts(header)).toBe(accepted);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true], ['127.1.2.3', true], ['::1', true], ['[::1]', true], ['localhost', true], ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false], ['::', false], ['192.168.1.5', false], ['example.com', false], ['', false],
  ])('%j -> %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});
