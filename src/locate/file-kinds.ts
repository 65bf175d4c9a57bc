/**
 * @module locate/file-kinds
 * What a file is for, from its path and language: the project's source, or
 * tests, documentation, examples, vendored or generated code, or data. A
 * task is usually fixed in source, so the others start lower (unless the text
 * names them); the words of a report also fill tests and docs, which is why
 * plain BM25 ranks them first. Tests, docs, vendored and minified files are
 * the shared roles of text/file-roles (search_code ranks by them too); this
 * adds what a whole-file ranking also meets: examples, generated code, data,
 * libraries copied in by release name, and files of very long lines.
 */
import { fileRoles } from '../text/file-roles.js';

export type FileKind = 'source' | 'test' | 'doc' | 'example' | 'vendored' | 'generated' | 'data';

const EXAMPLE_FOLDERS = new Set(['example', 'examples', 'demo', 'demos', 'sample', 'samples', 'tutorial', 'tutorials', 'gallery', 'galleries', 'benchmarks', 'asv_bench']);
const GENERATED_FOLDERS = new Set(['dist', 'build', 'generated', '__generated__']);
/** Languages that are documents or data rather than code. */
const DOC_LANGUAGES = new Set(['markdown', 'text']);
const DATA_LANGUAGES = new Set(['json', 'yaml', 'toml', 'xml', 'csv', 'html', 'css', 'sql']);

const GENERATED_NAME = /_pb2(?:_grpc)?\.py$|\.pb\.go$|\.generated\.[A-Za-z]+$|\.d\.ts$|\.bundle\.js$/;
/** A script or style sheet named with its release (`jquery-3.5.1.js`) is a copied-in library. */
const VERSIONED_LIBRARY = /[-_.]v?\d+\.\d+(?:\.\d+)*\.(?:js|css)$/;
/** Tokens per line above this is minified or generated code, not something written by hand. */
const MINIFIED_TOKENS_PER_LINE = 60;

/** `shape`: the file's length in tokens and lines, when known (minified code has few, very long lines). */
export function fileKind(filePath: string, language: string, shape?: { tokens: number; lines: number }): FileKind {
  const components = filePath.split('/');
  const name = components[components.length - 1]!;
  const folders = components.slice(0, -1).map((c) => c.toLowerCase());
  const roles = fileRoles(filePath);
  const dense = shape !== undefined && shape.lines > 0 && shape.tokens / shape.lines > MINIFIED_TOKENS_PER_LINE;
  if (dense || roles.includes('minified') || GENERATED_NAME.test(name) || folders.some((f) => GENERATED_FOLDERS.has(f))) return 'generated';
  if (roles.includes('vendored') || VERSIONED_LIBRARY.test(name)) return 'vendored';
  if (roles.includes('test')) return 'test';
  if (roles.includes('docs') || DOC_LANGUAGES.has(language)) return 'doc';
  if (folders.some((f) => EXAMPLE_FOLDERS.has(f))) return 'example';
  if (DATA_LANGUAGES.has(language)) return 'data';
  return 'source';
}
