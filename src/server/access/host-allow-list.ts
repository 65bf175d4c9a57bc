/**
 * @module server/access/host-allow-list
 * Which `Host` and `Origin` a request may carry (the DNS rebinding defence).
 * A web page on evil.test can make the browser resolve evil.test to
 * 127.0.0.1 and talk to a local server; the browser still sends
 * `Host: evil.test:PORT` and `Origin: http://evil.test:PORT`, so checking both
 * against the names this server is really addressed by closes the hole.
 *
 * An entry is a name or address, optionally with a port. Without a port it
 * matches that name on the listening port, or with no port at all (a reverse
 * proxy that forwards `Host: example.com`). With a port it matches exactly.
 *
 * An Origin is compared whole: scheme, host and port. The server's own
 * origins are `http://` (Quarry speaks no TLS) with each entry's name and
 * port (the listening port for an entry without one); a browser leaves out
 * port 80, so that one is written without it. `http://localhost` (port 80)
 * or `https://127.0.0.1` (port 443) is another site, not this server. Any
 * other origin, such as the public https origin of a TLS proxy in front, is
 * allowed only when named exactly with `--cors`.
 */
import os from 'node:os';
import { isIP } from 'node:net';
import { catalogueError } from '../../contracts/errors.js';

export interface HostEntry {
  /** Lower case; IPv6 addresses in brackets, as they appear in a Host header. */
  name: string;
  port: number | null;
}

/** The names a local server is addressed by, whatever else is configured. */
export const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

const HOST_FORM = /^(\[[0-9a-f:.]+\]|[a-z0-9_][a-z0-9_.-]*)(?::(\d{1,5}))?$/;

/** Parses `name`, `name:port`, `[v6]` or `[v6]:port`; null when it is none of these. */
export function parseHost(value: string): HostEntry | null {
  const m = HOST_FORM.exec(value.trim().toLowerCase());
  if (!m) return null;
  const port = m[2] === undefined ? null : Number(m[2]);
  if (port !== null && port > 65535) return null;
  let name = m[1]!;
  if (name.startsWith('[') && isIP(name.slice(1, -1)) !== 6) return null;
  if (name.endsWith('.')) name = name.slice(0, -1); // "localhost." is the same name
  return { name, port };
}

/** A configured entry (--allowed-hosts): a bare IPv6 address is accepted and bracketed. */
export function parseHostEntry(value: string): HostEntry {
  const trimmed = value.trim();
  const parsed = parseHost(isIP(trimmed) === 6 ? `[${trimmed}]` : trimmed);
  if (!parsed) throw catalogueError('INVALID_ARGUMENT', { key: 'http.allowed_host_invalid', params: { value } });
  return parsed;
}

/** Host names of the addresses a listening socket is reachable on (all interfaces for 0.0.0.0 / ::). */
export function listenNames(listenHost: string): string[] {
  const host = listenHost.trim().toLowerCase();
  if (host === '0.0.0.0' || host === '::' || host === '[::]') {
    return Object.values(os.networkInterfaces()).flat()
      .filter((i) => i !== undefined && !i.address.startsWith('fe80'))
      .map((i) => (i!.family === 'IPv6' ? `[${i!.address}]` : i!.address));
  }
  return [isIP(host) === 6 ? `[${host}]` : host];
}

export class HostAllowList {
  readonly entries: readonly HostEntry[];

  constructor(entries: readonly HostEntry[], private readonly corsOrigins: readonly string[]) {
    const seen = new Set<string>();
    this.entries = entries.filter((e) => {
      const key = `${e.name}:${e.port ?? ''}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
  }

  /** Loopback names, the listening address(es), then what the user configured. */
  static build(options: { listenHost: string; extra: readonly string[]; corsOrigins: readonly string[] }): HostAllowList {
    const names = [...LOOPBACK_NAMES, ...listenNames(options.listenHost)];
    const entries = [...names.map((n) => parseHost(n)).filter((e): e is HostEntry => e !== null), ...options.extra.map(parseHostEntry)];
    return new HostAllowList(entries, options.corsOrigins);
  }

  private matches(host: HostEntry, listenPort: number): boolean {
    return this.entries.some((e) => e.name === host.name && (e.port === null ? host.port === null || host.port === listenPort : host.port === e.port));
  }

  hostAllowed(header: string | undefined, listenPort: number): boolean {
    const host = header === undefined ? null : parseHost(header);
    return host !== null && this.matches(host, listenPort);
  }

  /** This server's own origins, exactly as a browser writes them. */
  ownOrigins(listenPort: number): string[] {
    return [...new Set(this.entries.map((e) => {
      const port = e.port ?? listenPort;
      return port === 80 ? `http://${e.name}` : `http://${e.name}:${port}`;
    }))];
  }

  /**
   * No Origin (curl, agents, same-origin GETs) is allowed; a browser's Origin
   * must be a configured CORS origin, or one of this server's own origins
   * (the same scheme, host and port).
   */
  originAllowed(origin: string | undefined, listenPort: number): boolean {
    if (origin === undefined) return true;
    if (this.corsOrigins.includes('*') || this.corsOrigins.includes(origin)) return true;
    return this.ownOrigins(listenPort).includes(origin.trim().toLowerCase());
  }

  /** Exact Host values, for the MCP SDK transport's own check (it compares strings). */
  hostValues(listenPort: number): string[] {
    return this.entries.flatMap((e) => (e.port === null ? [e.name, `${e.name}:${listenPort}`] : [`${e.name}:${e.port}`]));
  }

  /** Exact Origin values for the SDK transport; null when any origin is allowed ('*'). */
  originValues(listenPort: number): string[] | null {
    if (this.corsOrigins.includes('*')) return null;
    return [...this.corsOrigins, ...this.ownOrigins(listenPort)];
  }

  /** For messages: the names, without duplicates of the same name on several ports. */
  describe(): string {
    return [...new Set(this.entries.map((e) => (e.port === null ? e.name : `${e.name}:${e.port}`)))].join(', ');
  }
}
