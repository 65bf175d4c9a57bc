/**
 * @module ingest/pass-phases
 * Where an index pass's time goes, for its summary (`quarry index --json`,
 * the bench's "full index" rows): the wall time of each step of the
 * indexing thread, one after the other, and inside the prepare-and-write
 * step what the thread waited for or wrote, with the workers' parsing
 * beside it (in parallel: not part of the thread's sum).
 */
import type { WriteTimes } from '../store/store.js';
import type { PrepareTimes } from './prepare-pool.js';

/** The steps the indexing thread runs one after the other: their sum is at most the pass's duration. */
export const SEQUENTIAL_PHASES = [
  'open', 'walk', 'plan', 'first_stage', 'first_stage_words', 'dictionary', 'prepare_and_write', 'removals', 'finalize', 'embeddings', 'close',
] as const;
export type SequentialPhase = typeof SEQUENTIAL_PHASES[number];

export interface PassPhases {
  /**
   * Wall ms of each sequential step: open (the store, its file states and format), walk (listing the
   * folder), plan, first_stage and first_stage_words (a first build's early trigrams and words),
   * dictionary (learning the chunk-text dictionary), prepare_and_write (the loop that hands files to the
   * preparer and writes their rows in transactions), removals (vanished files), finalize (secondary
   * indexes and word counts a bulk load deferred), embeddings, close (folding the WAL back, counts).
   */
  sequential_ms: Record<SequentialPhase, number>;
  /** Inside prepare_and_write, the indexing thread: waiting for workers, and preparing files itself. */
  prepare: PrepareTimes;
  /** Inside prepare_and_write (and removals), the transactions by part; absent where the store does not measure them (PostgreSQL). */
  writes?: WriteTimes;
}

/** A stopwatch that charges the time since its last lap to the phase named. */
export function phaseClock(): { lap(phase: SequentialPhase): void; readonly ms: Record<SequentialPhase, number> } {
  const ms = Object.fromEntries(SEQUENTIAL_PHASES.map((p) => [p, 0])) as Record<SequentialPhase, number>;
  let last = performance.now();
  return {
    ms,
    lap(phase) {
      const now = performance.now();
      ms[phase] += now - last;
      last = now;
    },
  };
}

/** Rounded to a tenth of a millisecond, for the summary. */
export function roundedPhases(phases: PassPhases): PassPhases {
  const round = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round((v as number) * 10) / 10])) as T;
  return { sequential_ms: round(phases.sequential_ms), prepare: round(phases.prepare), ...(phases.writes ? { writes: round(phases.writes) } : {}) };
}
