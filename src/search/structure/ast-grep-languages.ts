/**
 * @module search/structure/ast-grep-languages
 * The languages `@ast-grep/napi` parses for structural search. TypeScript,
 * TSX, JavaScript, HTML and CSS are built into the library; C, Python, Go and
 * Rust come as prebuilt tree-sitter parsers in the `@ast-grep/lang-*`
 * packages (no compiler at install), registered once per process. They are
 * registered with `µ` as the character a pattern's `$` becomes before parsing,
 * as ast-grep's command line does for these languages: `$` is no identifier
 * character there, and `µ` (unlike the C package's own `_`) cannot be confused
 * with a real identifier such as `__GFP_NOWARN`.
 */
import { createRequire } from 'node:module';
import { Lang, registerDynamicLanguage } from '@ast-grep/napi';
import type { StructureLanguage } from '../../contracts/structure-params.js';

const require = createRequire(import.meta.url);

/** What replaces `$` in a pattern of a registered language. */
const EXPANDO = 'µ';

const REGISTERED: Partial<Record<StructureLanguage, { module: string; symbol: string }>> = {
  c: { module: '@ast-grep/lang-c', symbol: 'tree_sitter_c' },
  python: { module: '@ast-grep/lang-python', symbol: 'tree_sitter_python' },
  go: { module: '@ast-grep/lang-go', symbol: 'tree_sitter_go' },
  rust: { module: '@ast-grep/lang-rust', symbol: 'tree_sitter_rust' },
};

const BUILT_IN: Partial<Record<StructureLanguage, Lang>> = {
  typescript: Lang.TypeScript, tsx: Lang.Tsx, javascript: Lang.JavaScript, html: Lang.Html, css: Lang.Css,
};

let registered = false;

function register(): void {
  if (registered) return;
  registered = true;
  const registrations: Parameters<typeof registerDynamicLanguage>[0] = {};
  for (const [name, entry] of Object.entries(REGISTERED)) {
    const pkg = require(entry.module) as { libraryPath: string; extensions: string[] };
    registrations[name] = { libraryPath: pkg.libraryPath, extensions: pkg.extensions, languageSymbol: entry.symbol, expandoChar: EXPANDO };
  }
  registerDynamicLanguage(registrations);
}

/** The name `@ast-grep/napi` knows a language by (registering the dynamic ones first). */
export function napiLanguage(language: StructureLanguage): string {
  const builtIn = BUILT_IN[language];
  if (builtIn) return builtIn;
  register();
  return language;
}

/** A pattern's text as the language's parser reads it: `$` becomes the expando character where `$` is no identifier character. */
export function expandPattern(language: StructureLanguage, pattern: string): string {
  return REGISTERED[language] ? pattern.replaceAll('$', EXPANDO) : pattern;
}

/** Whether a pattern leaf's text holds a metavariable (in its expanded form). */
export function holdsMetavariable(text: string): boolean {
  return text.includes('$') || text.includes(EXPANDO);
}
