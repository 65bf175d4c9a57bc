/**
 * @module cli/options
 * Parsers for CLI option values; a bad value is a usage error with the value named.
 */
import { InvalidArgumentError, type Command } from 'commander';
import type { EmbeddingsFlags } from '../embeddings/config.js';

const UNITS: Record<string, number> = { '': 1, B: 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 };

export function parseByteSize(value: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([BKMG]?)i?B?$/i.exec(value.trim());
  if (!m) throw new InvalidArgumentError(`not a size: ${value} (try 10M, 512K or a byte count)`);
  return Math.round(Number(m[1]) * UNITS[m[2]!.toUpperCase()]!);
}

export function parseInteger(value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError(`not an integer: ${value}`);
  return Number(value);
}

/** Help of every command's --store option (the value is read by store/store-location, with QUARRY_STORE). */
export const STORE_OPTION_HELP = 'index store: postgres://user@host:port/db[?schema=name] (shared by several servers) or a SQLite file; env QUARRY_STORE';
/** `--embeddings-url` and `--embeddings-model` (the key only ever comes from QUARRY_EMBEDDINGS_API_KEY). */
export function embeddingsOptions(command: Command): Command {
  return command
    .option('--embeddings-url <url>', 'OpenAI-compatible embeddings endpoint, e.g. http://127.0.0.1:8080/v1 (default: QUARRY_EMBEDDINGS_URL; off without one)')
    .option('--embeddings-model <name>', 'embeddings model name (default: QUARRY_EMBEDDINGS_MODEL, else text-embedding-3-small)');
}

/** The same flags again, for a child `quarry index`. */
export function embeddingsArgs(flags: EmbeddingsFlags): string[] {
  return [
    ...(flags.embeddingsUrl ? ['--embeddings-url', flags.embeddingsUrl] : []),
    ...(flags.embeddingsModel ? ['--embeddings-model', flags.embeddingsModel] : []),
  ];
}
