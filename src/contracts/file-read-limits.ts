/**
 * @module contracts/file-read-limits
 * Caps on reading files and taking uploads for a request: how long a read
 * may take, and how much uploaded content one project may hold. Kept apart
 * from contracts/limits so this area reads as one page.
 */

/** Files read from the served tree on behalf of a request (the file view). */
export const FILE_READ = {
  /**
   * A read that has not finished after this long is given up with TIMEOUT: a regular file on a
   * stalled network mount must not hold a request (or a thread of the file-system pool) forever.
   * A local file of the file view's largest size reads in milliseconds.
   */
  deadlineMs: 5_000,
} as const;

/** Content uploaded over REST (POST /api/projects/:id/files). */
export const UPLOADS = {
  /**
   * Bytes of uploaded content one project may hold, its uploaded files and conversation messages
   * together (a replaced file counts once, with its new size). The index stores each byte several times over (chunks,
   * word index, trigrams), so this bounds the project's folder to a few hundred MB.
   * QUARRY_UPLOAD_QUOTA_MB overrides it, within `quotaMb`.
   */
  quotaMb: { min: 1, max: 100_000, default: 64 },
  /** The environment variable that sets the quota in MiB. */
  quotaEnv: 'QUARRY_UPLOAD_QUOTA_MB',
  /**
   * Heap of the worker thread that prepares uploads: a 10 MB source file parsed and chunked
   * peaks at a few hundred MB; past this the worker dies alone (the upload fails, the server stays).
   */
  workerHeapMb: 768,
} as const;

/** The per-project upload quota in bytes: QUARRY_UPLOAD_QUOTA_MB when it is a whole number in range, else the default. */
export function uploadQuotaBytes(env: Record<string, string | undefined>): number {
  const raw = env[UPLOADS.quotaEnv]?.trim();
  const asked = raw && /^\d+$/.test(raw) ? Number(raw) : UPLOADS.quotaMb.default;
  const mb = Math.min(UPLOADS.quotaMb.max, Math.max(UPLOADS.quotaMb.min, asked));
  return mb * 1024 * 1024;
}
