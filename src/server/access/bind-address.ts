/**
 * @module server/access/bind-address
 * Whether a listen address stays on this machine. Anything that is not a
 * loopback address or the name `localhost` (0.0.0.0, ::, a LAN address, a
 * host name that could resolve anywhere) counts as reaching beyond it, and
 * then the server refuses to start without a bearer token.
 */
import { BlockList, isIP } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export function isLoopbackHost(host: string): boolean {
  const bare = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  const address = mapped ?? bare;
  const family = isIP(address);
  return family !== 0 && loopback.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
