/**
 * @module bench/harness/load-average
 * The 1/5/15-minute load average, printed beside every figure: the machine
 * is shared, so a time means little without it.
 */
import os from 'node:os';

export function loadAverage(): string {
  return os.loadavg().map((n) => n.toFixed(2)).join(' ');
}
