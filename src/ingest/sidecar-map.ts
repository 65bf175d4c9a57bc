/**
 * @module ingest/sidecar-map
 * A Map a pass keeps beside the index file for the next pass (folder listings, binary files):
 * v8-serialised with its format and the root it describes, written atomically. Best effort both
 * ways: an absent, unreadable, older or foreign file reads as empty, and a failed write only costs
 * the next pass its shortcut.
 */
import fs from 'node:fs';
import v8 from 'node:v8';

/** The Map stored under `key` in `file`, if the file is of this `format` and `root`; else an empty Map. */
export function loadSidecarMap<V>(file: string, root: string, format: number, key: string): Map<string, V> {
  try {
    const stored = v8.deserialize(fs.readFileSync(file)) as Record<string, unknown>;
    const map = stored[key];
    if (stored.format === format && stored.root === root && map instanceof Map) return map as Map<string, V>;
  } catch {
    // absent or unreadable: the caller works it all out again
  }
  return new Map();
}

export function saveSidecarMap<V>(file: string, root: string, format: number, key: string, map: Map<string, V>): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temp, v8.serialize({ format, root, [key]: map }));
    fs.renameSync(temp, file);
  } catch {
    fs.rmSync(temp, { force: true });
  }
}
