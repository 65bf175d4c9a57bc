/**
 * @module text/native-modules
 * Quarry's native modules (native/*.c, built into build/Release by `npm ci` with node-gyp) as one
 * list: where each is, whether the user turned them off (QUARRY_NATIVE=off), and which are missing
 * at a glance. Each has a JavaScript (or wasm) twin that gives the same answers, slower; each
 * loader falls back to it on its own (store/ranking-extension, ingest/symbols/native-parse,
 * text/native-text, store/first-stage/first-stage-shard, store/first-stage/first-stage-word-postings).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The modules by their file name, with what each does (what `quarry doctor` prints). */
export const NATIVE_MODULES = {
  quarry_ranking: 'bm25 ranking of the word index (else SQLite\'s bm25())',
  quarry_parse: 'tree-sitter parsing of C (else web-tree-sitter\'s wasm)',
  quarry_text: 'trigram and added-word tokens of chunks (else JavaScript)',
  quarry_grams: 'trigram postings of the first stage (else no first stage)',
  quarry_words: 'word postings of the first stage (else no words in the first stage)',
} as const;

export type NativeModuleName = keyof typeof NATIVE_MODULES;

/** The environment variable that, set to `off`, makes every loader use the twins (to compare, or to step around a faulty build). */
export const NATIVE_SWITCH = 'QUARRY_NATIVE';

/** Where node-gyp puts a module: build/Release under the package root (src/text and dist/text are both two levels down). */
export function nativeModuleFile(name: NativeModuleName): string {
  return fileURLToPath(new URL(`../../build/Release/${name}.node`, import.meta.url));
}

/** Why no native module is loaded in this process, or null when they may be. */
export function nativeTurnedOff(env: NodeJS.ProcessEnv = process.env): string | null {
  return env[NATIVE_SWITCH]?.toLowerCase() === 'off' ? `turned off by ${NATIVE_SWITCH}=off` : null;
}

/**
 * The modules that will not load, and why, found without loading any (a switch and five file
 * checks, cheap enough for every start). A module that is built but refused (another version,
 * built for another Node) shows only when loaded: `quarry doctor` loads them.
 */
export function missingNativeModules(env: NodeJS.ProcessEnv = process.env): { name: NativeModuleName; reason: string }[] {
  const names = Object.keys(NATIVE_MODULES) as NativeModuleName[];
  const off = nativeTurnedOff(env);
  if (off) return names.map((name) => ({ name, reason: off }));
  return names.filter((name) => !fs.existsSync(nativeModuleFile(name))).map((name) => ({ name, reason: 'not built (npm ci builds it)' }));
}
