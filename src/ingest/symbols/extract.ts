/**
 * @module ingest/symbols/extract
 * Definitions and edges of one parsed file. Definitions carry their
 * container (class of a method) and 1-based line range; CALLS edges name the
 * enclosing definition and the callee's last identifier; EXTENDS/IMPLEMENTS
 * come from class heritage clauses; IMPORTS name the imported module, and
 * also each name an import statement brings in (`import { Foo } from
 * './foo'`, `from foo import Foo`, `import a.b.Foo;`, `use a::{Foo, Bar}`),
 * so "who imports the class Foo" finds the file that imports it by name.
 * A syntax error only loses the broken part: tree-sitter recovers.
 */
import { Query, type Language as TsLanguage, type Node, type Tree } from 'web-tree-sitter';
import type { LanguageSpec, SymbolKind } from './language-specs.js';

export interface Definition {
  name: string;
  kind: SymbolKind;
  container: string | null;
  startLine: number;
  endLine: number;
}

export type EdgeKind = 'CALLS' | 'EXTENDS' | 'IMPLEMENTS' | 'IMPORTS';

export interface Edge {
  kind: EdgeKind;
  /** Qualified name of the enclosing definition; null at file level. */
  from: string | null;
  to: string;
  line: number;
}

export interface FileSymbols {
  definitions: Definition[];
  edges: Edge[];
}

/** Node types that are a name (native/quarry_parse.c is given these, and the field lists below). */
export const IDENTIFIER_TYPES: ReadonlySet<string> = new Set([
  'identifier', 'type_identifier', 'simple_identifier', 'constant', 'name', 'word', 'field_identifier',
  'property_identifier', 'namespace_identifier', 'shorthand_property_identifier', 'private_property_identifier',
]);
const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);
export const MEMBER_FIELDS = ['property', 'field', 'attribute', 'name', 'suffix', 'method'];
export const CALLEE_FIELDS = ['function', 'method', 'name', 'macro', 'constructor', 'type'];
export const MODULE_FIELDS = ['source', 'path', 'module_name', 'argument', 'name'];
const NAME_PATTERN = /^[A-Za-z_$][\w$]*$/;
/** Heritage entries can be long generic types; only this many identifiers are read from one. */
const HERITAGE_NAMES_MAX = 8;

export function qualifiedName(def: Pick<Definition, 'name' | 'container'>): string {
  return def.container ? `${def.container}.${def.name}` : def.name;
}

/** The identifier a name-ish node ends with: `a.b.c` -> c, `Foo::bar` -> bar. */
function lastIdentifier(node: Node | null, depth = 0): string | null {
  if (!node || depth > 6) return null;
  if (IDENTIFIER_TYPES.has(node.type)) return node.text;
  for (const field of MEMBER_FIELDS) {
    const child = node.childForFieldName(field);
    if (child && child.id !== node.id) return lastIdentifier(child, depth + 1);
  }
  for (let i = node.namedChildCount - 1; i >= 0; i--) {
    const found = lastIdentifier(node.namedChild(i), depth + 1);
    if (found) return found;
  }
  return null;
}

function definitionName(node: Node): string | null {
  const named = node.childForFieldName('name');
  if (named) return lastIdentifier(named);
  if (node.type === 'impl_item') return lastIdentifier(node.childForFieldName('type'));
  let declarator = node.childForFieldName('declarator');
  while (declarator?.childForFieldName('declarator')) declarator = declarator.childForFieldName('declarator');
  if (declarator) return lastIdentifier(declarator);
  for (const child of node.namedChildren) if (child && IDENTIFIER_TYPES.has(child.type)) return child.text;
  return null;
}

/** Definition types that define only with a body: without one they are a forward declaration or a use. */
export const BODY_REQUIRED_TYPES: ReadonlySet<string> = new Set(['class_specifier', 'struct_specifier', 'enum_specifier', 'union_specifier']);

function definitionKind(node: Node, kind: SymbolKind): SymbolKind | null {
  if (node.type === 'variable_declarator') return FUNCTION_VALUES.has(node.childForFieldName('value')?.type ?? '') ? 'function' : null;
  if (node.type === 'type_spec') {
    const type = node.childForFieldName('type')?.type;
    return type === 'struct_type' ? 'struct' : type === 'interface_type' ? 'interface' : 'type';
  }
  if (BODY_REQUIRED_TYPES.has(node.type)) return node.childForFieldName('body') ? kind : null;
  return kind;
}

/**
 * An import's module from its text: a module field's text without its quotes or brackets
 * (`fromField`), else the statement's text without its keyword.
 */
export function moduleText(text: string, fromField: boolean): string | null {
  if (fromField) return text.replace(/^["'<`]|["'>`]$/g, '');
  const stripped = text.replace(/^\s*(import|using|use|#\s*include)\s+/, '').replace(/^static\s+/, '').replace(/;\s*$/, '').trim();
  return stripped || null;
}

function moduleName(node: Node): string | null {
  for (const field of MODULE_FIELDS) {
    const child = node.childForFieldName(field);
    if (child) return moduleText(child.text, true);
  }
  return moduleText(node.text, false);
}

function heritageNames(node: Node): string[] {
  const names: string[] = [];
  const visit = (n: Node) => {
    if (names.length >= HERITAGE_NAMES_MAX) return;
    if (n.type === 'type_arguments' || n.type === 'value_arguments' || n.type === 'arguments') return;
    if (IDENTIFIER_TYPES.has(n.type)) { names.push(n.text); return; }
    for (const child of n.namedChildren) if (child) visit(child);
  };
  visit(node);
  return names.filter((n) => NAME_PATTERN.test(n) && n !== 'public' && n !== 'private' && n !== 'protected');
}

const lastOf = (node: Node | null): string | null => lastIdentifier(node);
const named = (node: Node): Node[] => node.namedChildren.filter((c): c is Node => c !== null);
const hasChild = (node: Node, types: readonly string[]) => named(node).some((c) => types.includes(c.type));

/** Names inside a Rust `use` argument: `a::b::Foo`, `{Foo, Bar as Z}`, `a::{B, c::D}`; not `self`, `*` or `crate`. */
function rustUseNames(node: Node | null, out: string[]): void {
  if (!node) return;
  switch (node.type) {
    case 'identifier': out.push(node.text); return;
    case 'scoped_identifier': { const name = lastOf(node.childForFieldName('name')); if (name) out.push(name); return; }
    case 'use_as_clause': rustUseNames(node.childForFieldName('path'), out); return;
    case 'scoped_use_list': rustUseNames(node.childForFieldName('list'), out); return;
    case 'use_list': for (const child of named(node)) rustUseNames(child, out); return;
  }
}

/**
 * The names (not modules) an import statement brings in, as declared where
 * they come from (`Bar as Baz` -> Bar). Namespace and wildcard imports name
 * no symbol, and `import os` names a module only, so they give none.
 */
export function importedNames(node: Node): string[] {
  const out: string[] = [];
  switch (node.type) {
    case 'import_statement': { // JS/TS (Python's has no import_clause: module imports only)
      const clause = named(node).find((c) => c.type === 'import_clause');
      for (const part of clause ? named(clause) : []) {
        if (part.type === 'identifier') out.push(part.text); // default import
        if (part.type === 'named_imports') for (const spec of named(part)) { const name = lastOf(spec.childForFieldName('name')); if (name) out.push(name); }
      }
      break;
    }
    case 'import_from_statement': // Python
      for (const item of node.childrenForFieldName('name')) {
        const name = lastOf(item?.type === 'aliased_import' ? item.childForFieldName('name') : item);
        if (name) out.push(name);
      }
      break;
    case 'import_declaration': { // Java, Scala (Swift's imports a module: its name equals the module edge's)
      if (hasChild(node, ['asterisk', 'wildcard'])) break;
      const selectors = named(node).find((c) => c.type === 'import_selectors');
      if (selectors) {
        for (const item of named(selectors)) { const name = lastOf(item.type === 'renamed_identifier' ? item.childForFieldName('name') : item); if (name) out.push(name); }
      } else {
        const name = lastOf(node.childForFieldName('path') ?? named(node).find((c) => c.type !== 'import_alias') ?? null);
        if (name) out.push(name);
      }
      break;
    }
    case 'import_header': { // Kotlin
      if (hasChild(node, ['wildcard_import'])) break;
      // Kotlin's `identifier` is the whole dotted path; its parts are simple_identifiers.
      const path = named(node).find((c) => c.type === 'identifier');
      const name = path ? lastOf(path.namedChild(path.namedChildCount - 1)) : null;
      if (name) out.push(name);
      break;
    }
    case 'namespace_use_clause': { // PHP
      const name = lastOf(named(node).find((c) => c.type === 'qualified_name' || c.type === 'name') ?? null);
      if (name) out.push(name);
      break;
    }
    case 'use_declaration': // Rust
      rustUseNames(node.childForFieldName('argument'), out);
      break;
  }
  return [...new Set(out)].filter((name) => NAME_PATTERN.test(name) && name !== 'self' && name !== 'super' && name !== 'crate');
}

/** The innermost entry of `stack` (innermost last) that satisfies `test`. */
function innermost<T>(stack: readonly T[], test: (entry: T) => boolean): T | undefined {
  for (let i = stack.length - 1; i >= 0; i--) if (test(stack[i]!)) return stack[i];
  return undefined;
}

/**
 * What extraction reads of one captured node. A web-tree-sitter node answers by walking its tree
 * (`wasmCapture`); the native module's record answers from numbers it read in the same tree
 * (symbols/native-parse). Everything these answers mean is decided in `extractFromCaptures`.
 */
export interface CapturedNode {
  readonly type: string;
  /** UTF-16 code units, as web-tree-sitter's startIndex and endIndex. */
  readonly startIndex: number;
  readonly endIndex: number;
  /** 0-based rows. */
  readonly startRow: number;
  readonly endRow: number;
  /** The spec's kind for this node type, narrowed (`definitionKind`), or null when it defines nothing. */
  definitionKind(kind: SymbolKind): SymbolKind | null;
  definitionName(): string | null;
  /** What a definition extends or implements: its heritage clauses' names, then a Rust impl's trait. */
  heritage(spec: LanguageSpec): { kind: 'EXTENDS' | 'IMPLEMENTS'; to: string; line: number }[];
  /** The called name of a call. */
  callee(): string | null;
  /** The module a Ruby `require`/`require_relative` call names, as written. */
  requiredModule(): string | null;
  moduleName(): string | null;
  importedNames(): string[];
}

/** `node` as extraction reads it, answered by walking web-tree-sitter's tree. */
function wasmCapture(node: Node): CapturedNode {
  return {
    type: node.type,
    startIndex: node.startIndex,
    endIndex: node.endIndex,
    startRow: node.startPosition.row,
    get endRow() { return node.endPosition.row; },
    definitionKind: (kind) => definitionKind(node, kind),
    definitionName: () => definitionName(node),
    heritage(spec) {
      const found: { kind: 'EXTENDS' | 'IMPLEMENTS'; to: string; line: number }[] = [];
      const superclassesId = node.childForFieldName('superclasses')?.id;
      for (const child of node.namedChildren) {
        const relation = child ? spec.heritage[child.type] ?? (superclassesId !== undefined && superclassesId === child.id ? 'EXTENDS' : undefined) : undefined;
        if (child && relation) for (const to of heritageNames(child)) found.push({ kind: relation, to, line: child.startPosition.row + 1 });
      }
      if (node.type === 'impl_item') {
        const trait = lastIdentifier(node.childForFieldName('trait'));
        if (trait) found.push({ kind: 'IMPLEMENTS', to: trait, line: node.startPosition.row + 1 });
      }
      return found;
    },
    callee() {
      let callee: string | null = null;
      for (const field of CALLEE_FIELDS) {
        const target = node.childForFieldName(field);
        if (target) { callee = lastIdentifier(target); break; }
      }
      return callee ?? lastIdentifier(node.namedChild(0));
    },
    requiredModule() {
      const arg = node.childForFieldName('arguments')?.namedChild(0);
      return arg ? arg.text.replace(/^["']|["']$/g, '') : null;
    },
    moduleName: () => moduleName(node),
    importedNames: () => importedNames(node),
  };
}

/** One query per grammar and spec, capturing every node type the spec names (built on first use). */
const QUERIES = new WeakMap<LanguageSpec, Map<TsLanguage, Query | null>>();

/** The node types a spec's query captures, each once, in the order the query names them. */
export function specNodeTypes(spec: LanguageSpec): string[] {
  return [...new Set([...Object.keys(spec.definitions), ...spec.calls, ...spec.imports])];
}

function specQuery(language: TsLanguage, spec: LanguageSpec): Query | null {
  let byLanguage = QUERIES.get(spec);
  if (!byLanguage) QUERIES.set(spec, (byLanguage = new Map<TsLanguage, Query | null>()));
  if (byLanguage.has(language)) return byLanguage.get(language)!;
  // Only types this grammar has as named nodes: a query naming an unknown type does not compile.
  const types = specNodeTypes(spec).filter((type) => language.idForNodeType(type, true) !== null);
  const query = types.length > 0 ? new Query(language, `[${types.map((t) => `(${t})`).join(' ')}] @node`) : null;
  byLanguage.set(language, query);
  return query;
}

/** Definitions and edges of a web-tree-sitter tree. */
export function extractSymbols(tree: Tree, spec: LanguageSpec): FileSymbols {
  const query = specQuery(tree.language, spec);
  if (!query) return { definitions: [], edges: [] };
  return extractFromCaptures(query.captures(tree.rootNode).map((c) => wasmCapture(c.node)), spec);
}

/**
 * Definitions and edges from the nodes a spec's query captured, visited in document order: a
 * query finds them inside the parser (wasm or native), whereas walking the tree from JavaScript
 * (namedChildren or a TreeCursor) crosses into it and allocates for every node of the file.
 */
export function extractFromCaptures(captured: CapturedNode[], spec: LanguageSpec): FileSymbols {
  const definitions: Definition[] = [];
  const edges: Edge[] = [];
  const calls = new Set(spec.calls);
  const imports = new Set(spec.imports);
  /** Enclosing definitions, innermost last, with the row and byte where each ends. */
  const stack: { qualified: string; startIndex: number; endIndex: number; endRow: number; kind: SymbolKind }[] = [];
  const isContainer = (s: { kind: SymbolKind }) => s.kind !== 'function' && s.kind !== 'method';
  const isFunction = (s: { kind: SymbolKind }) => s.kind === 'function' || s.kind === 'method';

  const enter = (node: CapturedNode): void => {
    const { type, startIndex, endIndex, startRow } = node;
    // Definitions whose subtree this node is not in (or that ended above it) no longer enclose it.
    for (let top = stack[stack.length - 1]; top; top = stack[stack.length - 1]) {
      if (startIndex >= top.startIndex && endIndex <= top.endIndex && startRow <= top.endRow) break;
      stack.pop();
    }
    const line = startRow + 1;
    const mappedKind = spec.definitions[type];
    if (mappedKind) {
      const kind = node.definitionKind(mappedKind);
      const name = kind ? node.definitionName() : null;
      if (kind && name && NAME_PATTERN.test(name)) {
        const containerEntry = innermost(stack, isContainer);
        const container = containerEntry?.qualified ?? null;
        const isMethod = kind === 'function' && containerEntry !== undefined && containerEntry.kind !== 'module';
        const def: Definition = { name, kind: isMethod ? 'method' : kind, container, startLine: line, endLine: node.endRow + 1 };
        definitions.push(def);
        const qualified = qualifiedName(def);
        stack.push({ qualified, startIndex, endIndex, endRow: node.endRow, kind: def.kind });
        for (const { kind: relation, to, line: at } of node.heritage(spec)) edges.push({ kind: relation, from: qualified, to, line: at });
      }
    }
    if (calls.has(type)) {
      const callee = node.callee();
      const from = innermost(stack, isFunction)?.qualified ?? stack[stack.length - 1]?.qualified ?? null;
      if (callee && NAME_PATTERN.test(callee)) {
        if (type === 'call' && (callee === 'require' || callee === 'require_relative')) {
          const module = node.requiredModule();
          if (module !== null) edges.push({ kind: 'IMPORTS', from: null, to: module, line });
        } else {
          edges.push({ kind: 'CALLS', from, to: callee, line });
        }
      }
    }
    if (imports.has(type)) {
      const module = node.moduleName();
      if (module && module.length <= 200) edges.push({ kind: 'IMPORTS', from: null, to: module, line });
      // A name spelled like its module (`from ledger import Ledger`) adds nothing: names are matched case-insensitively.
      for (const name of node.importedNames()) if (name.toLowerCase() !== module?.toLowerCase()) edges.push({ kind: 'IMPORTS', from: null, to: name, line });
    }
  };

  // Document order with an enclosing node before the nodes inside it, as a depth-first walk visits them.
  captured.sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
  for (const node of captured) enter(node);
  return { definitions, edges };
}
