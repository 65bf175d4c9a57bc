/**
 * @module locate/path-table
 * The index's files, looked up the ways a report names them: by a path read
 * from its end (`.../site-packages/astropy/io/ascii/ui.py` is the project's
 * `astropy/io/ascii/ui.py`; `fields.py` is every file of that name), by a
 * dotted module (`astropy.io.ascii.qdp`, `sphinx.ext.autodoc` ->
 * `.../autodoc/__init__.py`), and by the words of its path.
 */
import type { LocateFileRow } from '../store/rows.js';
import { splitIdentifier, wordStem } from '../text/identifiers.js';
import { fileKind, type FileKind } from './file-kinds.js';

export interface IndexedFile {
  /** Position in the table (evidence is kept by it). */
  index: number;
  id: number;
  path: string;
  repository: string;
  language: string;
  kind: FileKind;
  /** Length in tokens (the chunks' estimates), for BM25's length normalisation. */
  tokens: number;
  components: string[];
  /** The module path: components without the extension, and without a package file's own name (`__init__`, `index`). */
  moduleParts: string[];
  /** Distinct words of the path (identifier parts and their stems), for path-word matching. */
  words: Set<string>;
}

export interface PathMatch {
  files: IndexedFile[];
  /** Components that matched, read from the end. */
  matched: number;
}

/** The file that stands for its folder as a module, by language (`pkg/__init__.py` is `pkg`). */
const PACKAGE_FILES: Readonly<Record<string, string>> = { python: '__init__', javascript: 'index', typescript: 'index', rust: 'mod' };

function stripExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The words of one path component (`test_autoreload.py` -> test, autoreload), as the text's words are keyed. */
function componentWords(component: string): string[] {
  const words: string[] = [];
  for (const piece of stripExtension(component).split(/[^A-Za-z0-9_]+/)) {
    for (const part of splitIdentifier(piece)) if (part.length >= 2) words.push(wordStem(part) ?? part);
  }
  return words;
}

/** Distinct words of a path; folders repeat across files, so each component is split once per table. */
function pathWords(components: readonly string[], memo: Map<string, string[]>): Set<string> {
  const words = new Set<string>();
  for (const component of components) {
    let known = memo.get(component);
    if (!known) { known = componentWords(component); memo.set(component, known); }
    for (const word of known) words.add(word);
  }
  return words;
}

/** How many components agree, read from the end of both lists. */
function trailingAgreement(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export class PathTable {
  readonly files: IndexedFile[];
  /** Documents holding each path word, for its weight (few files = telling). */
  readonly wordFiles = new Map<string, number>();
  readonly averageTokens: number;
  readonly byId: ReadonlyMap<number, IndexedFile>;
  private readonly byName = new Map<string, IndexedFile[]>();
  private readonly byModuleTail = new Map<string, IndexedFile[]>();

  /** `tokens`: each file's length by id (see chunk-map). */
  constructor(rows: readonly LocateFileRow[], tokens: ReadonlyMap<number, number>) {
    const memo = new Map<string, string[]>();
    this.files = rows.map((row, index) => {
      const components = row.path.split('/');
      const moduleParts = [...components.slice(0, -1), stripExtension(components[components.length - 1]!)];
      if (moduleParts.length > 1 && PACKAGE_FILES[row.language] === moduleParts[moduleParts.length - 1]) moduleParts.pop();
      const length = tokens.get(row.id) ?? 0;
      return {
        index, id: row.id, path: row.path, repository: row.repository, language: row.language,
        kind: fileKind(row.path, row.language, { tokens: length, lines: row.line_count }), tokens: length, components, moduleParts, words: pathWords(components, memo),
      };
    });
    this.byId = new Map(this.files.map((f) => [f.id, f]));
    for (const file of this.files) {
      push(this.byName, file.components[file.components.length - 1]!, file);
      push(this.byModuleTail, file.moduleParts[file.moduleParts.length - 1]!, file);
      for (const word of file.words) this.wordFiles.set(word, (this.wordFiles.get(word) ?? 0) + 1);
    }
    this.averageTokens = this.files.length === 0 ? 1 : Math.max(1, this.files.reduce((sum, f) => sum + f.tokens, 0) / this.files.length);
  }

  /** Files a written path names: those agreeing with it on the most trailing components. */
  matchPath(components: readonly string[]): PathMatch | null {
    const candidates = this.byName.get(components[components.length - 1]!);
    return candidates ? bestAgreement(candidates, (f) => trailingAgreement(f.components, components)) : null;
  }

  /**
   * Files a dotted name names, as a module: the longest leading part of the
   * name that is a module path (`django.db.models.sql.query.Query` -> the
   * file of `django.db.models.sql.query`); `consumed` says how many parts.
   * A one-part match (`models`) matches every file of that name.
   */
  matchModule(parts: readonly string[]): (PathMatch & { consumed: number }) | null {
    for (let consumed = parts.length; consumed >= 1; consumed--) {
      const candidates = this.byModuleTail.get(parts[consumed - 1]!);
      if (!candidates) continue;
      const lead = parts.slice(0, consumed);
      const match = bestAgreement(candidates, (f) => trailingAgreement(f.moduleParts, lead));
      // A module path is read whole from its end: `io.ascii` must not match `ascii` under another parent.
      if (match && (match.matched === consumed || match.matched >= 2)) return { ...match, consumed };
    }
    return null;
  }
}

function bestAgreement(candidates: readonly IndexedFile[], agreement: (f: IndexedFile) => number): PathMatch | null {
  let best = 0;
  let files: IndexedFile[] = [];
  for (const file of candidates) {
    const n = agreement(file);
    if (n > best) { best = n; files = [file]; } else if (n === best && n > 0) files.push(file);
  }
  return best > 0 ? { files, matched: best } : null;
}
