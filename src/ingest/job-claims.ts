/**
 * @module ingest/job-claims
 * Who prepares a queued file, decided in shared memory: its prepare worker,
 * or the indexing thread, which takes files while it would otherwise wait
 * (ingest/prepare-pool). Slot `id % length` holds id + 1 while job `id` is
 * unclaimed and 0 once someone has taken it; whoever loses skips the job.
 */

/** Slots for twice the jobs that can be queued at once, so a slot is never reused while its job may still wait in a worker's queue. */
export function claimRing(queuedMax: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * queuedMax * 2));
}

/** Marks job `id` as waiting to be claimed (before it is handed out). */
export function offerJob(claims: Int32Array, id: number): void {
  Atomics.store(claims, id % claims.length, id + 1);
}

/** True for exactly one caller per job: the one that prepares it. */
export function claimJob(claims: Int32Array, id: number): boolean {
  return Atomics.compareExchange(claims, id % claims.length, id + 1, 0) === id + 1;
}
