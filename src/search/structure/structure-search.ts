/**
 * @module search/structure/structure-search
 * search_structure over the index: the pattern's rarest-looking literal word
 * asks the trigram index for candidate chunks, their files are put together
 * again from the index's chunks (which cover every line once), every other
 * literal word is checked in the whole file, and only the files left are
 * parsed by ast-grep (`@ast-grep/napi`), which decides the matches. A pattern
 * with no literal word scans the indexed files of its language instead,
 * within the same budget as regex search. Matches come in (repository, path,
 * position) order, all counted so `total` is exact; past the budget the page
 * found so far comes back with `total_partial`, or TIMEOUT while it is still
 * empty: never "found nothing".
 */
import { parseAsync, type SgRoot } from '@ast-grep/napi';
import { catalogueError } from '../../contracts/errors.js';
import { languageForFile } from '../../contracts/languages.js';
import { STRUCTURE } from '../../contracts/structure-limits.js';
import { STRUCTURE_LANGUAGES, structureLanguageOf, type StructureParams } from '../../contracts/structure-params.js';
import type { SearchFilter } from '../../store/rows.js';
import type { IndexReader } from '../../store/store.js';
import { pathsSelect } from '../../text/path-glob.js';
import { trigramMatch } from '../trigram-query.js';
import { compileStructure, type CompiledStructure } from './structure-pattern.js';

export interface StructurePosition {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units of the line (characters, for most text). */
  column: number;
}

export interface StructureMatch {
  file: string;
  /** The indexed folder the file belongs to (an index may hold several). */
  repository: string;
  start: StructurePosition;
  end: StructurePosition;
  /** The matched code, cut past STRUCTURE.matchTextMaxChars (then `text_truncated`). */
  text: string;
  text_truncated?: true;
  /** Each metavariable's captured code (a `$$$` one: from its first node to its last), cut past STRUCTURE.captureMaxChars. */
  captures: Record<string, string>;
}

export interface StructureSearchResult {
  matches: StructureMatch[];
  total: number;
  /** The budget ran out: `total` counts the matches found so far. */
  total_partial?: true;
  prefilter: {
    /** literal: candidates from the index by `word`; scan: every indexed file of the language. */
    mode: 'literal' | 'scan';
    word?: string;
    /** The other literal words each candidate file had to hold. */
    also?: string[];
    /** Files that reached ast-grep. */
    files_parsed: number;
  };
}

export interface StructureBudget {
  ms: number;
  files: number;
}

/** Files parsed at once, on libuv's thread pool. */
const PARSE_TOGETHER = 8;

/** Files put together per round of chunk reads. */
const FILES_PER_ROUND = 64;

interface FileKey { repository: string; path: string }

/** The files ast-grep's command line gives this language, further narrowed by `paths`. */
function selects(params: StructureParams): (path: string) => boolean {
  return (path) => structureLanguageOf(path) === params.language && pathsSelect(params.paths, path);
}

/**
 * The index's language filter, when every extension of the language is indexed under that language
 * (then no file ast-grep would read is left out); null otherwise, and the extension decides alone.
 */
function indexLanguage(params: StructureParams): string | null {
  const entry = STRUCTURE_LANGUAGES[params.language];
  return entry.extensions.every((ext) => languageForFile(`x.${ext}`) === entry.indexed) ? entry.indexed : null;
}

/** Whole files from the index: each file's chunks, read line range after line range (chunks never overlap). */
async function readFiles(reader: IndexReader, firstChunks: readonly number[]): Promise<(string | null)[]> {
  const fileIds = await reader.chunkFiles(firstChunks);
  const parts: string[][] = firstChunks.map(() => []);
  const next = fileIds.map(() => 1);
  let open = fileIds.map((id, i) => (id === undefined ? -1 : i)).filter((i) => i >= 0);
  while (open.length > 0) {
    const ids = await reader.chunksAtLines(open.map((i) => ({ fileId: fileIds[i]!, line: next[i]! })));
    const hits = await reader.chunkHits(ids.map((id) => id ?? -1));
    const still: number[] = [];
    open.forEach((i, k) => {
      const hit = hits[k];
      if (!hit || hit.end_line < next[i]!) return; // past the last line
      parts[i]!.push(hit.content);
      next[i] = hit.end_line + 1;
      still.push(i);
    });
    open = still;
  }
  // The index keeps lines, not whether the last one ended: files end with a newline, as nearly all do on disk.
  return parts.map((p, i) => (fileIds[i] === undefined ? null : `${p.join('\n')}\n`));
}

/** The matches of one file, in document order, shaped. */
function fileMatches(compiled: CompiledStructure, file: FileKey, text: string, tree: SgRoot): StructureMatch[] {
  const root = tree.root();
  return root.findAll(compiled.config).map((node) => {
    const range = node.range();
    const matched = node.text();
    const captures: Record<string, string> = {};
    for (const name of compiled.metavariables) {
      const single = node.getMatch(name);
      let captured: string | null = single ? single.text() : null;
      if (captured === null) {
        const many = node.getMultipleMatches(name);
        if (many.length > 0) captured = text.slice(many[0]!.range().start.index, many[many.length - 1]!.range().end.index);
      }
      if (captured !== null) captures[name] = captured.length > STRUCTURE.captureMaxChars ? `${captured.slice(0, STRUCTURE.captureMaxChars)}…` : captured;
    }
    return {
      file: file.path,
      repository: file.repository,
      start: { line: range.start.line + 1, column: range.start.column + 1 },
      end: { line: range.end.line + 1, column: range.end.column + 1 },
      text: matched.length > STRUCTURE.matchTextMaxChars ? matched.slice(0, STRUCTURE.matchTextMaxChars) : matched,
      ...(matched.length > STRUCTURE.matchTextMaxChars ? { text_truncated: true as const } : {}),
      captures,
    };
  });
}

/** Counts every match, keeping the page's window; says when the budget ran out. */
class Collector {
  readonly matches: StructureMatch[] = [];
  total = 0;
  parsed = 0;
  private readonly deadline: number;
  constructor(private readonly window: { skip: number; max: number }, readonly budget: StructureBudget) {
    this.deadline = Date.now() + budget.ms;
  }

  add(found: StructureMatch[]): void {
    for (const match of found) {
      if (this.total >= this.window.skip && this.matches.length < this.window.max) this.matches.push(match);
      this.total++;
    }
  }

  /**
   * Parses files together on libuv's threads (ast-grep's parseAsync), then matches each in order:
   * the answer's order stays (repository, path), the parsing uses the worker's idle cores.
   */
  async parseAll(compiled: CompiledStructure, files: readonly { key: FileKey; text: string }[]): Promise<boolean> {
    const allowed = files.slice(0, Math.max(0, this.budget.files - this.parsed));
    const trees = await Promise.all(allowed.map((f) => parseAsync(compiled.language, f.text)));
    allowed.forEach((f, i) => {
      this.parsed++;
      this.add(fileMatches(compiled, f.key, f.text, trees[i]!));
    });
    return allowed.length === files.length;
  }

  get spent(): boolean {
    return this.parsed >= this.budget.files || Date.now() > this.deadline;
  }
}

function finish(collector: Collector, prefilter: Omit<StructureSearchResult['prefilter'], 'files_parsed'>, stopped: boolean): StructureSearchResult {
  if (stopped && collector.matches.length === 0) {
    throw catalogueError('TIMEOUT', { key: 'structure.timeout', params: { ms: collector.budget.ms, parsed: collector.parsed } }, 'en', { parsed: collector.parsed, total: collector.total });
  }
  return { matches: collector.matches, total: collector.total, ...(stopped ? { total_partial: true as const } : {}), prefilter: { ...prefilter, files_parsed: collector.parsed } };
}

/**
 * The literal words, the one the word index holds in the fewest chunks first (it asks the trigram
 * index for the fewest candidates). A word the word index does not hold as such (an identifier it
 * keeps only split, say) has no count and goes after the counted ones, longest first: any of them
 * gives a correct candidate set, the rarest only a smaller one.
 */
async function rarestFirst(reader: IndexReader, literals: readonly string[]): Promise<string[]> {
  if (literals.length < 2) return [...literals];
  const docs = await reader.vocabDocs(literals.map((w) => w.toLowerCase()));
  const count = (w: string) => docs.get(w.toLowerCase()) || Number.POSITIVE_INFINITY;
  return [...literals].sort((a, b) => count(a) - count(b) || b.length - a.length || (a < b ? -1 : 1));
}

/** Candidates by one literal word: the first chunk of each file whose chunks hold it, in (repository, path) order. */
async function* literalCandidates(reader: IndexReader, filter: SearchFilter, word: string, selected: (path: string) => boolean): AsyncGenerator<{ key: FileKey; chunk: number }> {
  const bytes = Buffer.from(word, 'utf8');
  const match = trigramMatch({ kind: 'literal', text: word }, false);
  let last = '';
  for await (const batch of reader.candidates(filter, match)) {
    for (const row of batch) {
      const id = `${row.repository}\u0000${row.path}`;
      if (id === last || !selected(row.path) || !row.content.includes(bytes)) continue;
      last = id;
      yield { key: { repository: row.repository, path: row.path }, chunk: row.chunk_id };
    }
  }
}

export async function searchStructure(reader: IndexReader, params: StructureParams, budget: StructureBudget = { ms: STRUCTURE.budgetMs, files: STRUCTURE.scanMaxFiles }): Promise<StructureSearchResult> {
  const compiled = compileStructure(params);
  const collector = new Collector({ skip: params.skip, max: params.maxResults }, budget);
  const selected = selects(params);
  const filter: SearchFilter = { language: indexLanguage(params), repository: params.repository };
  const [word, ...also] = await rarestFirst(reader, compiled.literals);

  if (word !== undefined) {
    // Any file holding a match holds `word`; the scan order is (repository, path), so files arrive once each.
    const pending: { key: FileKey; chunk: number }[] = [];
    const flush = async () => {
      if (collector.spent) return true;
      const texts = await readFiles(reader, pending.map((p) => p.chunk));
      const files = pending.flatMap((p, i) => {
        const text = texts[i];
        return text !== null && text !== undefined && also.every((w) => text.includes(w)) ? [{ key: p.key, text }] : [];
      });
      for (let at = 0; at < files.length; at += PARSE_TOGETHER) {
        if (collector.spent) return true;
        if (!await collector.parseAll(compiled, files.slice(at, at + PARSE_TOGETHER))) return true;
      }
      pending.length = 0;
      return false;
    };
    for await (const candidate of literalCandidates(reader, filter, word, selected)) {
      if (collector.spent) return finish(collector, { mode: 'literal', word, also }, true);
      pending.push(candidate);
      if (pending.length >= FILES_PER_ROUND && await flush()) return finish(collector, { mode: 'literal', word, also }, true);
    }
    const stopped = await flush();
    return finish(collector, { mode: 'literal', word, also }, stopped);
  }

  // No literal word: every indexed file of the language, put together from its chunks as the scan passes them.
  let current: { key: FileKey; parts: string[] } | null = null;
  const ready: { key: FileKey; text: string }[] = [];
  const close = () => {
    if (current) ready.push({ key: current.key, text: `${current.parts.join('\n')}\n` });
    current = null;
  };
  for await (const batch of reader.candidates(filter, null)) {
    for (const row of batch) {
      if (current && (current.key.path !== row.path || current.key.repository !== row.repository)) close();
      if (ready.length >= PARSE_TOGETHER) {
        if (collector.spent) return finish(collector, { mode: 'scan' }, true);
        if (!await collector.parseAll(compiled, ready.splice(0))) return finish(collector, { mode: 'scan' }, true);
      }
      if (!current) {
        if (!selected(row.path)) continue;
        current = { key: { repository: row.repository, path: row.path }, parts: [] };
      }
      current.parts.push(row.content.toString('utf8'));
    }
  }
  close();
  if (ready.length > 0) {
    if (collector.spent) return finish(collector, { mode: 'scan' }, true);
    return finish(collector, { mode: 'scan' }, !await collector.parseAll(compiled, ready));
  }
  return finish(collector, { mode: 'scan' }, false);
}
