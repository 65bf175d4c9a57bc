/**
 * @module medicines/fetch-document
 * Optional online fetching of a PIL/SPC PDF from SÚKL, off unless
 * QUARRY_SUKL_FETCH=1: Quarry answers from imported data by default and
 * never calls out on its own. Each attempt has a timeout; network errors,
 * 5xx and 429 are retried with a growing pause; a 4xx is final.
 */
import { MEDICINES } from '../contracts/limits.js';
import { QuarryError } from '../contracts/errors.js';
import { message } from '../contracts/messages/index.js';

export function onlineFetchEnabled(env: NodeJS.ProcessEnv): boolean {
  return env.QUARRY_SUKL_FETCH === '1' || env.QUARRY_SUKL_FETCH === 'true';
}

class FinalError extends Error {}

export async function fetchPdf(url: string, options: { timeoutMs?: number; attempts?: number; backoffMs?: number } = {}): Promise<Uint8Array> {
  const attempts = options.attempts ?? MEDICINES.fetchAttempts;
  let last: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? MEDICINES.fetchTimeoutMs), redirect: 'follow' });
      if (!response.ok) {
        const error = new Error(`HTTP ${response.status}`);
        if (response.status < 500 && response.status !== 429) throw new FinalError(error.message);
        throw error;
      }
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > MEDICINES.fetchMaxBytes) throw new FinalError(`larger than ${MEDICINES.fetchMaxBytes} bytes`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.byteLength > MEDICINES.fetchMaxBytes) throw new FinalError(`larger than ${MEDICINES.fetchMaxBytes} bytes`);
      return bytes;
    } catch (error) {
      last = error;
      if (error instanceof FinalError || attempt === attempts) {
        throw new QuarryError('UNAVAILABLE', message('medicines.fetch_failed', { url, attempts: attempt, reason: (error as Error).message }), { url }, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, (options.backoffMs ?? MEDICINES.fetchBackoffMs) * attempt));
    }
  }
  throw last;
}
