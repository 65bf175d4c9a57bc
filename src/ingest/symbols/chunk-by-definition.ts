/**
 * @module ingest/symbols/chunk-by-definition
 * Chunks that follow definitions: a function or class that fits becomes one
 * chunk (with the comment lines just above it), a larger class is cut into
 * its members, and a definition too large even so is split by lines, every
 * piece keeping the definition's name. Lines between definitions are line
 * chunks. Like line chunking, the result covers every line exactly once.
 */
import { INGEST } from '../../contracts/limits.js';
import { chunkLines, type ChunkLimits, DEFAULT_CHUNK_LIMITS } from '../../text/chunk.js';
import { qualifiedName, type Definition } from './extract.js';

export interface SymbolChunk {
  startLine: number;
  endLine: number;
  kind: string;
  symbol: string | null;
  content: string;
}

/** Lines of comment or decorator directly above a definition that travel with it. */
const LEAD_IN_MAX_LINES = 12;

interface DefNode {
  def: Definition;
  children: DefNode[];
}

/**
 * Nests definitions by line range; overlapping siblings (two on one line)
 * keep the first, and a definition on exactly its parent's lines (minified
 * code: everything on one line) is not nested, as no line can separate them.
 */
function nest(definitions: readonly Definition[]): DefNode[] {
  const sorted = [...definitions].sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  const roots: DefNode[] = [];
  const stack: DefNode[] = [];
  for (const def of sorted) {
    while (stack.length > 0 && def.startLine > stack[stack.length - 1]!.def.endLine) stack.pop();
    const parent = stack[stack.length - 1];
    const siblings = parent ? parent.children : roots;
    const previous = siblings[siblings.length - 1];
    if (previous && def.startLine <= previous.def.endLine) continue;
    if (parent && def.endLine > parent.def.endLine) continue;
    if (parent && def.startLine === parent.def.startLine && def.endLine === parent.def.endLine) continue;
    if (stack.length >= INGEST.definitionNestMaxDepth) continue;
    const node = { def, children: [] };
    siblings.push(node);
    stack.push(node);
  }
  return roots;
}

function isLeadIn(line: string): boolean {
  const t = line.trim();
  return t === '' || /^(\/\/|\/\*|\*|#|--|@|"""|''')/.test(t);
}

export function chunkByDefinitions(lines: readonly string[], definitions: readonly Definition[], limits: ChunkLimits = DEFAULT_CHUNK_LIMITS): SymbolChunk[] {
  const out: SymbolChunk[] = [];
  const text = (from: number, to: number) => lines.slice(from - 1, to).join('\n');
  const fits = (from: number, to: number) => to - from + 1 <= limits.maxLines && text(from, to).length <= limits.maxChars;
  const byLines = (from: number, to: number, symbol: string | null, kind: string) => {
    if (to < from) return;
    for (const c of chunkLines(lines.slice(from - 1, to), limits)) {
      out.push({ startLine: from + c.startLine - 1, endLine: from + c.endLine - 1, kind, symbol, content: c.content });
    }
  };

  const place = (nodes: DefNode[], from: number, to: number, container: string | null) => {
    let cursor = from;
    for (const { def, children } of nodes) {
      if (def.startLine < cursor || def.endLine > to) continue;
      let start = def.startLine;
      while (start > cursor && def.startLine - start < LEAD_IN_MAX_LINES && isLeadIn(lines[start - 2] ?? '')) start--;
      // Blank lines at the top of the lead-in belong to the gap, not the definition.
      while (start < def.startLine && (lines[start - 1] ?? '').trim() === '') start++;
      byLines(cursor, start - 1, container, 'lines');
      const name = qualifiedName(def);
      if (fits(start, def.endLine)) {
        out.push({ startLine: start, endLine: def.endLine, kind: def.kind, symbol: name, content: text(start, def.endLine) });
      } else if (children.length > 0) {
        place(children, start, def.endLine, name);
      } else {
        byLines(start, def.endLine, name, def.kind);
      }
      cursor = def.endLine + 1;
    }
    byLines(cursor, to, container, 'lines');
  };

  place(nest(definitions), 1, lines.length, null);
  return out;
}

/**
 * Joins neighbouring small chunks (one-line gaps, short helpers, struct
 * declarations) until a chunk reaches the target size: each FTS row costs
 * index space and insert time, and tiny chunks rank poorly anyway. A joined
 * chunk keeps the first symbol it holds; the exact symbol of a hit line is
 * looked up in the symbols table.
 */
export function coalesceChunks(chunks: readonly SymbolChunk[], limits: ChunkLimits = DEFAULT_CHUNK_LIMITS): SymbolChunk[] {
  const out: SymbolChunk[] = [];
  // Only small pieces are joined: a function of fair size keeps its own chunk.
  const small = (c: SymbolChunk) => c.endLine - c.startLine + 1 < limits.targetLines / 2;
  for (const chunk of chunks) {
    const last = out[out.length - 1];
    const lines = last ? chunk.endLine - last.startLine + 1 : 0;
    if (last && small(last) && small(chunk) && lines <= limits.targetLines && last.content.length + chunk.content.length + 1 <= limits.maxChars) {
      out[out.length - 1] = {
        startLine: last.startLine, endLine: chunk.endLine,
        kind: last.kind === 'lines' ? chunk.kind : last.kind,
        symbol: last.symbol ?? chunk.symbol,
        content: `${last.content}\n${chunk.content}`,
      };
    } else {
      out.push(chunk);
    }
  }
  return out;
}
