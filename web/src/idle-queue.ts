/**
 * @module web/idle-queue
 * Work that can wait for the page to show an answer (syntax colouring of
 * search hits): queued tasks run in order after the current render, a few
 * milliseconds per turn, so a long result list neither delays the first
 * paint nor blocks typing while it is coloured.
 */

const TURN_BUDGET_MS = 8;
const queue: { run: () => void; cancelled: boolean }[] = [];
let scheduled = false;

function drain(): void {
  scheduled = false;
  const until = performance.now() + TURN_BUDGET_MS;
  while (queue.length > 0 && performance.now() < until) {
    const task = queue.shift()!;
    if (!task.cancelled) task.run();
  }
  if (queue.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(drain, 0);
}

/** Runs `run` soon, after the current render; the returned function cancels it. */
export function whenIdle(run: () => void): () => void {
  const task = { run, cancelled: false };
  queue.push(task);
  schedule();
  return () => { task.cancelled = true; };
}
