/**
 * @module bench/json-list
 * Reads an evaluation's data file, a non-empty JSON list read in place: the
 * part every data loader shares before it checks its own fields. A missing
 * file and a file that is not such a list get the loader's own errors.
 */
import fs from 'node:fs';

export function readJsonList(file: string, missing: () => Error, invalid: (reason: string) => Error): unknown[] {
  if (!fs.existsSync(file)) throw missing();
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw invalid(`not JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(raw) || raw.length === 0) throw invalid('expected a non-empty JSON list of instances');
  return raw;
}
