/**
 * @module ingest/symbols/language-specs
 * Which tree-sitter node types are definitions, calls, imports and
 * inheritance clauses, per language. The grammars are the wasm files of
 * `tree-sitter-wasms` (loadable by web-tree-sitter 0.25.x).
 */
import type { Language } from '../../contracts/languages.js';

export type SymbolKind = 'function' | 'method' | 'class' | 'interface' | 'struct' | 'enum' | 'trait' | 'type' | 'module' | 'impl';

export interface LanguageSpec {
  /** File name in tree-sitter-wasms/out. */
  wasm: string;
  definitions: Readonly<Record<string, SymbolKind>>;
  calls: readonly string[];
  imports: readonly string[];
  /** Child node types of a class-like definition naming what it extends or implements. */
  heritage: Readonly<Record<string, 'EXTENDS' | 'IMPLEMENTS'>>;
}

const JS_DEFINITIONS: Record<string, SymbolKind> = {
  function_declaration: 'function', generator_function_declaration: 'function', class_declaration: 'class',
  abstract_class_declaration: 'class', method_definition: 'method', interface_declaration: 'interface',
  type_alias_declaration: 'type', enum_declaration: 'enum', variable_declarator: 'function', class: 'class',
  internal_module: 'module',
};
const JS_HERITAGE = { extends_clause: 'EXTENDS', implements_clause: 'IMPLEMENTS', class_heritage: 'EXTENDS', extends_type_clause: 'EXTENDS' } as const;
const JS: Omit<LanguageSpec, 'wasm'> = { definitions: JS_DEFINITIONS, calls: ['call_expression', 'new_expression'], imports: ['import_statement'], heritage: JS_HERITAGE };

const C_LIKE_CALLS = ['call_expression'];

export const LANGUAGE_SPECS: Partial<Record<Language, LanguageSpec>> = {
  javascript: { wasm: 'tree-sitter-javascript.wasm', ...JS },
  typescript: { wasm: 'tree-sitter-typescript.wasm', ...JS },
  python: {
    wasm: 'tree-sitter-python.wasm',
    definitions: { function_definition: 'function', class_definition: 'class' },
    calls: ['call'], imports: ['import_statement', 'import_from_statement'], heritage: { argument_list: 'EXTENDS' },
  },
  go: {
    wasm: 'tree-sitter-go.wasm',
    definitions: { function_declaration: 'function', method_declaration: 'method', type_spec: 'type' },
    calls: C_LIKE_CALLS, imports: ['import_spec'], heritage: {},
  },
  rust: {
    wasm: 'tree-sitter-rust.wasm',
    definitions: { function_item: 'function', struct_item: 'struct', enum_item: 'enum', trait_item: 'trait', impl_item: 'impl', mod_item: 'module', union_item: 'struct' },
    calls: ['call_expression', 'macro_invocation'], imports: ['use_declaration'], heritage: { trait_bounds: 'EXTENDS' },
  },
  java: {
    wasm: 'tree-sitter-java.wasm',
    definitions: { class_declaration: 'class', interface_declaration: 'interface', enum_declaration: 'enum', record_declaration: 'class', method_declaration: 'method', constructor_declaration: 'method' },
    calls: ['method_invocation', 'object_creation_expression'], imports: ['import_declaration'],
    heritage: { superclass: 'EXTENDS', super_interfaces: 'IMPLEMENTS', extends_interfaces: 'EXTENDS' },
  },
  c: {
    wasm: 'tree-sitter-c.wasm',
    definitions: { function_definition: 'function', struct_specifier: 'struct', enum_specifier: 'enum', union_specifier: 'struct' },
    calls: C_LIKE_CALLS, imports: ['preproc_include'], heritage: {},
  },
  cpp: {
    wasm: 'tree-sitter-cpp.wasm',
    definitions: { function_definition: 'function', class_specifier: 'class', struct_specifier: 'struct', enum_specifier: 'enum', namespace_definition: 'module' },
    calls: C_LIKE_CALLS, imports: ['preproc_include'], heritage: { base_class_clause: 'EXTENDS' },
  },
  csharp: {
    wasm: 'tree-sitter-c_sharp.wasm',
    definitions: { class_declaration: 'class', interface_declaration: 'interface', struct_declaration: 'struct', enum_declaration: 'enum', record_declaration: 'class', method_declaration: 'method', constructor_declaration: 'method', namespace_declaration: 'module' },
    calls: ['invocation_expression', 'object_creation_expression'], imports: ['using_directive'], heritage: { base_list: 'EXTENDS' },
  },
  ruby: {
    wasm: 'tree-sitter-ruby.wasm',
    definitions: { method: 'method', singleton_method: 'method', class: 'class', module: 'module' },
    calls: ['call'], imports: [], heritage: { superclass: 'EXTENDS' },
  },
  php: {
    wasm: 'tree-sitter-php.wasm',
    definitions: { function_definition: 'function', class_declaration: 'class', interface_declaration: 'interface', trait_declaration: 'trait', method_declaration: 'method', enum_declaration: 'enum' },
    calls: ['function_call_expression', 'member_call_expression', 'scoped_call_expression', 'object_creation_expression'],
    imports: ['namespace_use_clause'], heritage: { base_clause: 'EXTENDS', class_interface_clause: 'IMPLEMENTS' },
  },
  kotlin: {
    wasm: 'tree-sitter-kotlin.wasm',
    definitions: { class_declaration: 'class', object_declaration: 'class', function_declaration: 'function' },
    calls: ['call_expression'], imports: ['import_header'], heritage: { delegation_specifier: 'EXTENDS' },
  },
  swift: {
    wasm: 'tree-sitter-swift.wasm',
    definitions: { class_declaration: 'class', protocol_declaration: 'interface', function_declaration: 'function', init_declaration: 'method' },
    calls: ['call_expression'], imports: ['import_declaration'], heritage: { inheritance_specifier: 'EXTENDS' },
  },
  scala: {
    wasm: 'tree-sitter-scala.wasm',
    definitions: { class_definition: 'class', object_definition: 'class', trait_definition: 'trait', function_definition: 'function' },
    calls: ['call_expression'], imports: ['import_declaration'], heritage: { extends_clause: 'EXTENDS' },
  },
  bash: {
    wasm: 'tree-sitter-bash.wasm',
    definitions: { function_definition: 'function' },
    calls: ['command'], imports: [], heritage: {},
  },
};
LANGUAGE_SPECS.shell = LANGUAGE_SPECS.bash;

/** TSX needs its own grammar; every other language is one grammar per spec. */
export const TSX_WASM = 'tree-sitter-tsx.wasm';
