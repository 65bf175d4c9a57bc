/**
 * @module ingest/symbols/parsers
 * Loads web-tree-sitter and the grammars once per process. Loading is async
 * (wasm), parsing is not, so the indexer awaits `loadParsers()` before a run
 * and then parses synchronously inside its batches.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Language as TsLanguage, Parser } from 'web-tree-sitter';
import type { Language } from '../../contracts/languages.js';
import { LANGUAGE_SPECS, TSX_WASM, type LanguageSpec } from './language-specs.js';
import { renameFunctionImport } from './wasm-imports.js';

export interface LoadedGrammar {
  spec: LanguageSpec;
  parser: Parser;
}

export interface Parsers {
  /** The grammar for a file, or null when the language has none. */
  forFile(language: Language, relPath: string): LoadedGrammar | null;
}

const require = createRequire(import.meta.url);
let loading: Promise<Parsers> | null = null;

function wasmPath(file: string): string {
  return path.join(path.dirname(require.resolve('tree-sitter-wasms/package.json')), 'out', file);
}

async function load(): Promise<Parsers> {
  await Parser.init();
  const byWasm = new Map<string, Parser>();
  const parserFor = async (wasm: string) => {
    let parser = byWasm.get(wasm);
    if (!parser) {
      parser = new Parser();
      // `isalpha` is missing from the runtime (see wasm-imports); `iswalpha` is there.
      parser.setLanguage(await TsLanguage.load(renameFunctionImport(fs.readFileSync(wasmPath(wasm)), 'isalpha', 'iswalpha')));
      byWasm.set(wasm, parser);
    }
    return parser;
  };
  const grammars = new Map<Language, LoadedGrammar>();
  for (const [language, spec] of Object.entries(LANGUAGE_SPECS) as [Language, LanguageSpec][]) {
    grammars.set(language, { spec, parser: await parserFor(spec.wasm) });
  }
  const tsx = { spec: LANGUAGE_SPECS.typescript!, parser: await parserFor(TSX_WASM) };
  const jsx = { spec: LANGUAGE_SPECS.javascript!, parser: tsx.parser };
  return {
    forFile(language, relPath) {
      if (relPath.endsWith('.tsx')) return tsx;
      if (relPath.endsWith('.jsx')) return jsx;
      return grammars.get(language) ?? null;
    },
  };
}

/** The process-wide parsers, loaded on first call. */
export function loadParsers(): Promise<Parsers> {
  loading ??= load();
  return loading;
}
