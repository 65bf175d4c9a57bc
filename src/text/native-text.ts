/**
 * @module text/native-text
 * native/quarry_text.c (built by `npm ci` with node-gyp): the trigram index's tokens and the word
 * index's added words of a chunk, made natively by the same rules as gram-tokens.ts and
 * identifiers.ts (tests compare them). Loaded once per thread; null where it is not built, or is
 * of another version (left by an older checkout): the JavaScript then makes the same texts.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { nativeTurnedOff } from './native-modules.js';

/** Where node-gyp puts the module (src/text and dist/text are both two levels down). */
export const TEXT_MODULE = fileURLToPath(new URL('../../build/Release/quarry_text.node', import.meta.url));
/** The module's `version` these functions are written for. */
const TEXT_MODULE_VERSION = 2;
/** Texts longer than this (UTF-16 units) get their added words from identifiers.ts: the module refuses them. */
export const NATIVE_ADDED_WORDS_TEXT_MAX = 65_536;

export interface NativeText {
  /** gram-tokens.ts gramTokens. */
  gramTokens(text: string): string;
  /** What identifiers.ts wordIndexText adds to `text`, from its leading newline ("" for nothing). */
  addedWords(text: string): string;
}

/** Why each module file this thread tried did not load (absent once it loaded). */
const refusals = new Map<string, string>();

/** Why `file` did not load in this thread, or null when it loaded or was not tried. */
export function nativeModuleRefusal(file: string): string | null {
  return refusals.get(file) ?? null;
}

/**
 * A native module built by `npm ci` (node-gyp), loaded in this thread, or null when it is turned
 * off (QUARRY_NATIVE=off), not built, `accept` refuses it (another version, left by an older
 * checkout) or Node will not load it (built for another Node): the caller then does the same work
 * in JavaScript or wasm.
 */
export function loadNativeModule<T>(file: string, accept: (module: T) => boolean): T | null {
  const off = nativeTurnedOff();
  if (off) return refuse(file, off);
  if (!fs.existsSync(file)) return refuse(file, 'not built (npm ci builds it)');
  try {
    const module = createRequire(import.meta.url)(file) as T;
    return accept(module) ? module : refuse(file, 'of another version (left by an older checkout: npm ci builds it again)');
  } catch (error) {
    return refuse(file, (error as Error).message);
  }
}

function refuse(file: string, reason: string): null {
  refusals.set(file, reason);
  return null;
}

export const nativeText: NativeText | null = loadNativeModule<NativeText & { version: number }>(TEXT_MODULE, (module) => module.version === TEXT_MODULE_VERSION);
