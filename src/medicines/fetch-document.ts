/**
 * @module medicines/fetch-document
 * Optional online fetching of a PIL/SPC PDF from SÚKL, off unless
 * QUARRY_SUKL_FETCH=1: Quarry answers from imported data by default and
 * never calls out on its own. Each attempt has a timeout; network errors,
 * 5xx and 429 are retried with a growing pause; a 4xx is final.
 *
 * Fenced by construction: redirects are followed by hand and only to the
 * SÚKL host (the document URL's host; any *.sukl.cz when that is SÚKL's own),
 * never from https down to http; the body is counted while it streams and cut
 * at MEDICINES.fetchMaxBytes whatever Content-Length said; concurrent fetches
 * of one URL share one request; and a failure is answered from memory for
 * MEDICINES.fetchFailureCacheMs, so a retrying client cannot hammer SÚKL.
 */
import { MEDICINES } from '../contracts/limits.js';
import { catalogueError, QuarryError } from '../contracts/errors.js';
import type { Locale } from '../contracts/messages/index.js';

export function onlineFetchEnabled(env: NodeJS.ProcessEnv): boolean {
  return env.QUARRY_SUKL_FETCH === '1' || env.QUARRY_SUKL_FETCH === 'true';
}

export interface FetchOptions {
  timeoutMs?: number;
  attempts?: number;
  backoffMs?: number;
  maxBytes?: number;
  /** How long a failure is answered from memory (fetchDocument only). */
  failureCacheMs?: number;
  locale?: Locale;
}

/** A non-retryable HTTP answer (4xx other than 429): reported through fetch_failed after one attempt. */
class FinalError extends Error {}

const isSukl = (hostname: string) => hostname === 'sukl.cz' || hostname.endsWith('.sukl.cz');

/** May a redirect from the document URL `origin` lead to `target`? */
function allowedRedirect(origin: URL, target: URL): boolean {
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  if (origin.protocol === 'https:' && target.protocol !== 'https:') return false;
  if (target.host === origin.host) return true;
  return isSukl(origin.hostname) && isSukl(target.hostname) && target.port === '';
}

/** Reads a response body, stopping as soon as it passes `maxBytes`. */
async function readCapped(body: ReadableStream<Uint8Array> | null, url: string, maxBytes: number, locale: Locale): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(url, maxBytes, locale);
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

function tooLarge(url: string, max: number, locale: Locale): QuarryError {
  return catalogueError('LIMIT_EXCEEDED', { key: 'medicines.fetch_too_large', params: { url, max } }, locale, { url, max });
}

/** One attempt: GET with redirects followed by hand, each checked against the SÚKL host. */
async function attempt(url: string, signal: AbortSignal, maxBytes: number, locale: Locale): Promise<Uint8Array> {
  const origin = new URL(url);
  let current = origin;
  for (let hop = 0; ; hop++) {
    const response = await fetch(current, { signal, redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MEDICINES.fetchMaxRedirects) {
        throw catalogueError('UNAVAILABLE', { key: 'medicines.fetch_too_many_redirects', params: { url, max: MEDICINES.fetchMaxRedirects } }, locale, { url });
      }
      const target = new URL(location, current);
      if (!allowedRedirect(origin, target)) {
        throw catalogueError('UNAVAILABLE', { key: 'medicines.fetch_redirect_refused', params: { url, target: target.href, host: origin.host } }, locale, { url, target: target.href });
      }
      current = target;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      const reason = `HTTP ${response.status}`;
      if (response.status < 500 && response.status !== 429) throw new FinalError(reason);
      throw new Error(reason);
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge(url, maxBytes, locale);
    }
    return readCapped(response.body, url, maxBytes, locale);
  }
}

/** Fetches a PDF with retries. Every failure is a QuarryError; the limits' own errors are never retried. */
export async function fetchPdf(url: string, options: FetchOptions = {}): Promise<Uint8Array> {
  const attempts = options.attempts ?? MEDICINES.fetchAttempts;
  const locale = options.locale ?? 'en';
  for (let n = 1; ; n++) {
    try {
      return await attempt(url, AbortSignal.timeout(options.timeoutMs ?? MEDICINES.fetchTimeoutMs), options.maxBytes ?? MEDICINES.fetchMaxBytes, locale);
    } catch (error) {
      if (error instanceof QuarryError) throw error;
      if (error instanceof FinalError || n >= attempts) {
        throw catalogueError('UNAVAILABLE', { key: 'medicines.fetch_failed', params: { url, attempts: n, reason: reasonOf(error) } }, locale, { url }, error);
      }
      await new Promise((resolve) => setTimeout(resolve, (options.backoffMs ?? MEDICINES.fetchBackoffMs) * n));
    }
  }
}

/** A short, stable reason: our HTTP status text, or the kind of network failure (not the library's sentence). */
function reasonOf(error: unknown): string {
  if (error instanceof FinalError) return error.message;
  const name = (error as Error).name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'timed out';
  const text = (error as Error).message;
  return /^HTTP \d{3}$/.test(text) ? text : 'network error';
}

const inflight = new Map<string, Promise<Uint8Array>>();
const failures = new Map<string, { error: Error; until: number }>();

/**
 * fetchPdf, shared and remembered: callers asking for the same URL at the same
 * time get one request's answer, and a failure is repeated from memory (no
 * request) until it expires.
 */
export function fetchDocument(url: string, options: FetchOptions = {}): Promise<Uint8Array> {
  const now = Date.now();
  const failed = failures.get(url);
  if (failed && failed.until > now) return Promise.reject(failed.error);
  for (const [key, entry] of failures) if (entry.until <= now) failures.delete(key);
  let pending = inflight.get(url);
  if (!pending) {
    pending = fetchPdf(url, options)
      .catch((error: unknown) => {
        failures.set(url, { error: error instanceof Error ? error : new Error(String(error)), until: Date.now() + (options.failureCacheMs ?? MEDICINES.fetchFailureCacheMs) });
        throw error;
      })
      .finally(() => inflight.delete(url));
    inflight.set(url, pending);
  }
  return pending;
}
