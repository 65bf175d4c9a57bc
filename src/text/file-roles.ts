/**
 * @module text/file-roles
 * What a file is besides source code, from its path alone: a test, a
 * document, vendored (someone else's code copied in) or minified. A search
 * ranks these below the code itself unless the query points at them, since an
 * agent asking about behaviour wants the code that has it: prose in
 * `docs/*.txt` and tests repeat a feature's words more often than its code.
 */

export type FileRole = 'test' | 'docs' | 'vendored' | 'minified';

const TEST_FOLDERS = new Set(['test', 'tests', '__tests__', 'testing', 'spec', 'specs', '__mocks__', 'testdata', 'test_data']);
const DOC_FOLDERS = new Set(['doc', 'docs', 'documentation', 'man']);
const VENDOR_FOLDERS = new Set(['vendor', 'vendored', 'third_party', 'thirdparty', 'third-party', 'extern', 'external', 'node_modules', 'bower_components']);
/** Prose formats: a file of these is documentation wherever it lives. */
const DOC_EXTENSIONS = new Set(['md', 'mdx', 'markdown', 'rst', 'txt', 'adoc', 'rdoc', 'text']);

/** `test_x.py`, `x_test.go`, `x.test.ts`, `x.spec.js`, `XTest.java`, `x_spec.rb`, `conftest.py`. */
function isTestFileName(name: string): boolean {
  const stem = name.includes('.') ? name.slice(0, name.indexOf('.')) : name;
  const lower = stem.toLowerCase();
  if (lower === 'conftest' || lower.startsWith('test_') || lower.endsWith('_test') || lower.endsWith('_tests') || lower.endsWith('_spec')) return true;
  if (/\.(test|spec)\.[^.]+$/i.test(name)) return true;
  return /[a-z0-9](Test|Tests|Spec)$/.test(stem);
}

/** The roles of a file by its repository-relative path (`/`-separated), empty for plain source. */
export function fileRoles(path: string): FileRole[] {
  const segments = path.split('/');
  const name = segments.pop() ?? '';
  const folders = segments.map((s) => s.toLowerCase());
  const lowerName = name.toLowerCase();
  const extension = lowerName.includes('.') ? lowerName.slice(lowerName.lastIndexOf('.') + 1) : '';
  const roles: FileRole[] = [];
  if (folders.some((f) => TEST_FOLDERS.has(f)) || isTestFileName(name)) roles.push('test');
  if (folders.some((f) => DOC_FOLDERS.has(f)) || DOC_EXTENSIONS.has(extension)) roles.push('docs');
  if (folders.some((f) => VENDOR_FOLDERS.has(f))) roles.push('vendored');
  if (/[.-]min\.(js|css|mjs)$/.test(lowerName)) roles.push('minified');
  return roles;
}

/** Average characters per line above which text is machine-written (a bundle, a minified build), not meant for reading. */
const MINIFIED_LINE_CHARS = 300;

/** Whether a piece of text reads as minified: very long lines on average. */
export function looksMinified(text: string): boolean {
  if (text.length < MINIFIED_LINE_CHARS) return false;
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  return text.length / lines > MINIFIED_LINE_CHARS;
}
