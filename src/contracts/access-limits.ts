/**
 * @module contracts/access-limits
 * Caps of the HTTP server's doors that are not a search's: how many failed
 * bearer-token checks, event streams and file views one client gets, and how
 * clients are grouped into one rate-limit key. Each figure says why it is
 * what it is; the windows are as long as the other rate limits' (a minute).
 */

/** Failed bearer-token checks (a wrong or missing token) per client. */
export const TOKEN_FAILURES = {
  /**
   * A client that keeps a wrong token configured fails a few times a minute; twenty is well
   * above that and far too few to guess a 16-character token. Past it every request of that
   * client that needs the token gets 429, a right token included, until the oldest failure
   * leaves the window: otherwise a guesser would still learn which guess was right.
   */
  perWindow: 20,
} as const;

/** `GET /api/events/projects` (server-sent events). */
export const EVENT_STREAMS = {
  /**
   * Streams open at once per client. The web page holds one per tab; eight tabs of one
   * person is generous. Each stream costs a socket and a poll timer, so a client cannot
   * pile them up without bound.
   */
  openPerClient: 8,
  /** New streams per client per window: a page that reconnects after every blip opens a few a minute. */
  perWindow: 60,
} as const;

/** `GET /api/files/content` (the web page's file view). */
export const FILE_VIEW = {
  /**
   * File views per client per window. A person clicks through a few files a minute; a
   * page of results opens at most one. Each view reads up to 2 MiB from disk and parses
   * an outline, so a loop over the tree is slowed to this pace.
   */
  perWindow: 120,
} as const;

/** How client addresses become rate-limit keys (server/client-ip). */
export const CLIENT_KEY = {
  /**
   * An IPv6 client is one /64: one subscriber or one LAN usually holds a whole /64 and can
   * use any address in it, so per-address windows would give it 2^64 of them.
   */
  ipv6PrefixBits: 64,
} as const;
