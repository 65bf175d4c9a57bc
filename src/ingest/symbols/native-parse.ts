/**
 * @module ingest/symbols/native-parse
 * Parsing and the symbol query in native code (native/quarry_parse.c, built by `npm ci` with
 * node-gyp) for the grammars it holds: C, about 1.5x as fast as web-tree-sitter's wasm for
 * the same trees. The module hands back numbers per captured node; `extractFromCaptures` reads
 * them as it reads web-tree-sitter's nodes, so both paths give the same definitions and edges
 * (a test compares them file by file). Where the module is not built, or lacks a grammar, files
 * are parsed with web-tree-sitter as before.
 */
import { fileURLToPath } from 'node:url';
import type { Language } from '../../contracts/languages.js';
import { loadNativeModule } from '../../text/native-text.js';
import {
  BODY_REQUIRED_TYPES, CALLEE_FIELDS, extractFromCaptures, IDENTIFIER_TYPES, MEMBER_FIELDS, MODULE_FIELDS, moduleText, specNodeTypes,
  type CapturedNode, type FileSymbols,
} from './extract.js';
import type { LanguageSpec, SymbolKind } from './language-specs.js';

/** Where node-gyp puts the module (src/ingest/symbols and dist/ingest/symbols are both three levels down). */
export const PARSE_MODULE = fileURLToPath(new URL('../../../build/Release/quarry_parse.node', import.meta.url));

/** The languages the module holds a grammar for, by the name it knows them by. */
const NATIVE_GRAMMARS: Partial<Record<Language, string>> = { c: 'c' };

/** Ints per captured node, and what each holds (native/quarry_parse.c RECORD_*). */
const RECORD_INTS = 13;
/** Ranges are two slots, start then end (-1 for none), in UTF-16 code units. */
const TYPE = 0, START = 1, END = 2, START_ROW = 3, END_ROW = 4, NAME_START = 5, HAS_BODY = 7, CALLEE_START = 8, MODULE_START = 10, MODULE_FROM_FIELD = 12;

const CATEGORY_DEFINITION = 1, CATEGORY_CALL = 2, CATEGORY_IMPORT = 4;

interface ParseModule {
  recordInts: number;
  grammar(name: string, types: string[], categories: number[], identifierTypes: string[], memberFields: string[], calleeFields: string[], moduleFields: string[]): unknown;
  captures(grammar: unknown, text: string): Int32Array | null;
}

/** A grammar of the module with the spec its query was made for. */
export interface NativeGrammar {
  spec: LanguageSpec;
  handle: unknown;
  types: string[];
}

let loaded: ParseModule | null | undefined;

/** The module, loaded once per thread on first use; null when it is not built or is not this version. */
function parseModule(): ParseModule | null {
  if (loaded === undefined) loaded = loadNativeModule<ParseModule>(PARSE_MODULE, (module) => module.recordInts === RECORD_INTS);
  return loaded;
}

/** Whether the module loads in this thread (`quarry doctor` asks). */
export function nativeParseLoaded(): boolean {
  return parseModule() !== null;
}

const grammars = new Map<Language, NativeGrammar | null>();

/** The native grammar for `language` with `spec`'s query, or null (web-tree-sitter parses it). */
export function nativeGrammar(language: Language, spec: LanguageSpec): NativeGrammar | null {
  const cached = grammars.get(language);
  if (cached !== undefined) return cached;
  const module = parseModule();
  const name = NATIVE_GRAMMARS[language];
  let grammar: NativeGrammar | null = null;
  if (module && name) {
    const types = specNodeTypes(spec);
    const categories = types.map((type) =>
      (spec.definitions[type] ? CATEGORY_DEFINITION : 0) | (spec.calls.includes(type) ? CATEGORY_CALL : 0) | (spec.imports.includes(type) ? CATEGORY_IMPORT : 0));
    const handle = module.grammar(name, types, categories, [...IDENTIFIER_TYPES], MEMBER_FIELDS, CALLEE_FIELDS, MODULE_FIELDS);
    if (handle) grammar = { spec, handle, types };
  }
  grammars.set(language, grammar);
  return grammar;
}

/** What the record does not hold: only web-tree-sitter's nodes answer it (no native grammar needs it yet). */
function notNative(what: string): never {
  throw new Error(`native parsing does not read ${what}`);
}

/** One captured node as the module's record describes it (one object, no closures: files have thousands). */
class RecordCapture implements CapturedNode {
  readonly type: string;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly startRow: number;
  readonly endRow: number;

  constructor(private readonly records: Int32Array, private readonly at: number, types: readonly string[], private readonly text: string) {
    this.type = types[records[at + TYPE]!]!;
    this.startIndex = records[at + START]!;
    this.endIndex = records[at + END]!;
    this.startRow = records[at + START_ROW]!;
    this.endRow = records[at + END_ROW]!;
  }

  private slice(startSlot: number): string | null {
    const start = this.records[this.at + startSlot]!;
    return start < 0 ? null : this.text.slice(start, this.records[this.at + startSlot + 1]);
  }

  definitionKind(kind: SymbolKind): SymbolKind | null {
    if (this.type === 'variable_declarator' || this.type === 'type_spec') notNative(`a ${this.type}'s kind`);
    return BODY_REQUIRED_TYPES.has(this.type) && this.records[this.at + HAS_BODY] === 0 ? null : kind;
  }

  definitionName(): string | null {
    return this.slice(NAME_START);
  }

  heritage(spec: LanguageSpec): never[] {
    if (Object.keys(spec.heritage).length > 0 || this.type === 'impl_item') notNative('heritage');
    return [];
  }

  callee(): string | null {
    return this.slice(CALLEE_START);
  }

  requiredModule(): string | null {
    return notNative('require arguments');
  }

  moduleName(): string | null {
    const found = this.slice(MODULE_START);
    return found === null ? null : moduleText(found, this.records[this.at + MODULE_FROM_FIELD] === 1);
  }

  importedNames(): string[] {
    return this.type === 'preproc_include' ? [] : notNative(`the names a ${this.type} imports`);
  }
}

/** Definitions and edges of `text` parsed natively; null when the parser gave no tree. */
export function nativeSymbols(grammar: NativeGrammar, text: string): FileSymbols | null {
  const records = parseModule()!.captures(grammar.handle, text);
  if (!records) return null;
  const captured: CapturedNode[] = [];
  for (let at = 0; at < records.length; at += RECORD_INTS) captured.push(new RecordCapture(records, at, grammar.types, text));
  return extractFromCaptures(captured, grammar.spec);
}
