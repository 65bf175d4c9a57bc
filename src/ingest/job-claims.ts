/**
 * @module ingest/job-claims
 * Who prepares a queued file, decided in shared memory: its prepare worker,
 * or the indexing thread, which takes files while it would otherwise wait
 * (ingest/prepare-pool). Slot `id % length` holds the job's tag while job
 * `id` is unclaimed and 0 once someone has taken it; whoever loses skips the
 * job. A worker may still find a message for a job taken long ago, whose slot
 * now holds a later job: the tag, not the slot, tells them apart.
 */

/** Tags fit an Int32 slot however many jobs a run hands out, and are never 0; two jobs 2^30 apart are never queued at once. */
const tag = (id: number) => (id % 0x4000_0000) + 1;

/** Slots for twice the jobs that can be queued at once. */
export function claimRing(queuedMax: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * queuedMax * 2));
}

/** Marks job `id` as waiting to be claimed (before it is handed out). */
export function offerJob(claims: Int32Array, id: number): void {
  Atomics.store(claims, id % claims.length, tag(id));
}

/** True for exactly one caller per job: the one that prepares it. */
export function claimJob(claims: Int32Array, id: number): boolean {
  return Atomics.compareExchange(claims, id % claims.length, tag(id), 0) === tag(id);
}
