/**
 * @module cli/serve-banner
 * The one line `quarry serve` writes for a person at a terminal: where to
 * open the page (and, when a token is required, how to hand it to the page).
 * It goes to stderr and only when stderr is a terminal, so stdout stays JSON
 * log lines and anything reading the server's output sees no change.
 */
import { message, type Locale } from '../contracts/messages/index.js';

export interface BannerInput {
  /** The address the server listens on, as it reports it (http://127.0.0.1:7700). */
  url: string;
  /** The folder served as the default project. */
  root: string;
  /** Whether the server requires a bearer token (the token itself is never printed). */
  token: boolean;
  /** Whether stderr is a terminal. */
  isTTY: boolean;
  locale: Locale;
}

/** The page's address a browser on this machine can open: an any-address listen (0.0.0.0, ::) is reached as localhost. */
export function pageUrl(listenUrl: string): string {
  const url = new URL(listenUrl);
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = 'localhost';
  url.pathname = '/';
  return url.toString();
}

/** The line to print, or null when nobody is watching a terminal. */
export function serveBanner(input: BannerInput): string | null {
  if (!input.isTTY) return null;
  return message(input.token ? 'serve.ready_token' : 'serve.ready', { root: input.root, url: pageUrl(input.url) }, input.locale);
}
