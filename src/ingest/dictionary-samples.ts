/**
 * @module ingest/dictionary-samples
 * What an index's chunk-text dictionary is learnt from (store/text-dictionary):
 * files spread evenly over those a pass prepares, cut at line ends into
 * pieces about a chunk long, since the dictionary is used on chunks.
 */
import { STORE } from '../store/store-tuning.js';
import { readRegularFileSync } from '../fs/regular-file.js';
import type { WalkedFile } from './walk.js';

/** About a chunk: most kernel chunks are a few hundred bytes to a few KB. */
const PIECE_BYTES = 1024;

export function dictionarySamples(files: readonly WalkedFile[], budgetBytes: number): Buffer[] {
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const stride = Math.max(1, Math.floor(total / budgetBytes));
  const pieces: Buffer[] = [];
  let taken = 0;
  for (let i = 0; i < files.length && taken < budgetBytes; i += stride) {
    const file = files[i]!;
    if (file.size > STORE.textDictionarySampleFileMaxBytes) continue;
    let bytes: Buffer;
    try {
      const read = readRegularFileSync(file.absPath);
      if (read.kind !== 'read') continue;
      bytes = read.bytes;
    } catch {
      continue; // the pass reports it when it prepares the file
    }
    if (bytes.includes(0)) continue; // binary
    for (let start = 0; start < bytes.length;) {
      const lineEnd = bytes.indexOf(10, start + PIECE_BYTES);
      const end = lineEnd < 0 ? bytes.length : lineEnd + 1;
      pieces.push(bytes.subarray(start, end));
      start = end;
    }
    taken += bytes.length;
  }
  return pieces;
}
