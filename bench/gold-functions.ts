/**
 * @module bench/gold-functions
 * Function-level localisation as the published retrieval tables define it:
 * the gold entities of a fix are the functions, methods and classes whose
 * lines its patch edits, read at the base commit; an edit outside every
 * definition (imports, module constants) counts as the file itself. A ranked
 * answer is a list of (file, symbol) entries: each located file's symbols in
 * order, or the bare file when it names none. Pure.
 */
import type { OutlineSymbol } from '../src/store/store.js';
import type { PatchedFile } from './patch-lines.js';

export interface GoldEntity {
  file: string;
  /** The definition edited (its name qualified by its container, as locate names it), or null for a module-level edit (the file is the entity). */
  symbol: { name: string; startLine: number; endLine: number } | null;
}

export interface RankedEntry {
  file: string;
  /** A located symbol (its name and a line inside it), or null for the bare file. */
  symbol: { name: string; line: number } | null;
}

/** The innermost definition around a line: the latest start, then the shortest span. */
function innermost(outline: readonly OutlineSymbol[], line: number): OutlineSymbol | null {
  let best: OutlineSymbol | null = null;
  for (const s of outline) {
    if (s.start_line > line || s.end_line < line) continue;
    if (!best || s.start_line > best.start_line || (s.start_line === best.start_line && s.end_line < best.end_line)) best = s;
  }
  return best;
}

/** The entities a patch edits in one file, given that file's outline at the base commit. */
export function goldEntities(patched: PatchedFile, outline: readonly OutlineSymbol[]): GoldEntity[] {
  const byKey = new Map<string, GoldEntity>();
  for (const line of patched.lines) {
    const s = innermost(outline, line);
    const name = s ? (s.container ? `${s.container}.${s.name}` : s.name) : '';
    const entity: GoldEntity = { file: patched.file, symbol: s ? { name, startLine: s.start_line, endLine: s.end_line } : null };
    byKey.set(s ? `${name}@${s.start_line}` : '', entity);
  }
  return [...byKey.values()];
}

/** Whether a ranked entry names a gold entity: the same file, and the same definition (a module-level entity takes any entry of its file). */
export function entryHits(entry: RankedEntry, gold: GoldEntity): boolean {
  if (entry.file !== gold.file) return false;
  if (!gold.symbol) return true;
  return entry.symbol !== null && entry.symbol.name === gold.symbol.name
    && entry.symbol.line >= gold.symbol.startLine && entry.symbol.line <= gold.symbol.endLine;
}

/** locate's files flattened to (file, symbol) entries, in rank order. */
export function rankedEntries(files: readonly { file: string; symbols: readonly { name: string; line: number }[] }[]): RankedEntry[] {
  return files.flatMap((f): RankedEntry[] => (f.symbols.length === 0 ? [{ file: f.file, symbol: null }] : f.symbols.map((s) => ({ file: f.file, symbol: { name: s.name, line: s.line } }))));
}

/**
 * The 1-based ranks at which the answer first reaches any gold entity and
 * every gold entity (null: not reached within the list).
 */
export function entityRanks(entries: readonly RankedEntry[], golds: readonly GoldEntity[]): { any: number | null; all: number | null } {
  const firstHit = golds.map((g) => {
    const i = entries.findIndex((e) => entryHits(e, g));
    return i < 0 ? null : i + 1;
  });
  return coverRanks(firstHit);
}

/** From each gold item's own rank: the rank that reaches any of them, and the rank that reaches all of them. */
export function coverRanks(ranks: readonly (number | null)[]): { any: number | null; all: number | null } {
  const found = ranks.filter((r): r is number => r !== null);
  return {
    any: found.length === 0 ? null : Math.min(...found),
    all: found.length === 0 || found.length < ranks.length ? null : Math.max(...found),
  };
}
