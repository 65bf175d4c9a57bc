/**
 * @module ingest/worker-heap
 * How a worker thread that hit its heap cap (`resourceLimits`) shows itself: the error its
 * 'error' event (or the runner's promise) carries. The prepare pool and the index runner both
 * answer it by doing the work again without the cap.
 */
export function ranOutOfHeap(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}
