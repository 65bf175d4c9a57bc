/**
 * @module locate/path-evidence
 * Evidence from how the text names files: written paths, traceback frames
 * (the innermost frame of the project is where it broke; the function of
 * each frame's line is a likely place to change), dotted module names, and
 * the text's words in a file's path (`ascii.rst` -> `io/ascii/rst.py`).
 */
import type { IndexReader, OutlineSymbol } from '../store/store.js';
import type { EvidenceBoard } from './evidence.js';
import type { TextClues, TracebackFrame } from './extract.js';
import type { PathTable } from './path-table.js';
import { termWeight } from './term-weight.js';

/** Hints from frames outweigh any other (definitions named in the text weigh at most a few units). */
const FRAME_HINT = 100;

/**
 * Whether a written path names the files it matched: two trailing components agree, or a bare file
 * name (no folder written) is the only file of that name. `/home/me/app/manage.py` agreeing with the
 * project's `tests/app/manage.py` on the name alone is the reporter's own file.
 */
const names = (match: { matched: number; files: readonly unknown[] }, written: number) =>
  match.matched >= 2 || (written === 1 && match.files.length === 1);

function addWrittenPaths(board: EvidenceBoard, table: PathTable, clues: TextClues): void {
  // A frame's path is evidence of the frame, not a second mention of the file.
  const framePaths = new Set(clues.frames.map((f) => f.components.join('/')));
  for (const mention of clues.paths) {
    if (framePaths.has(mention.components.join('/'))) continue;
    const match = table.matchPath(mention.components);
    if (!match) continue;
    // Several files matching as well share the evidence.
    const share = 1 / match.files.length;
    for (const file of match.files) {
      if (names(match, mention.components.length)) board.max(file, 'pathNamed', share, file.path);
      else board.add(file, 'pathShared', share, file.components[file.components.length - 1]);
    }
  }
}

/** A definition as the frame's hint names it. */
type FrameDefinition = Pick<OutlineSymbol, 'name' | 'kind' | 'container' | 'start_line'>;

/** Whether a frame's function (`_cull`, `FileCache._cull`) names a definition: the last part is its name, a qualifier its container. */
function namesDefinition(func: string, def: { name: string; container: string | null }): boolean {
  const parts = func.split('.');
  if (parts[parts.length - 1] !== def.name) return false;
  return parts.length === 1 || def.container === null || parts.includes(def.container);
}

/**
 * The definition a frame points at: the one around its line when that is the function the frame
 * names (or the frame names none). When the line lands in another function, the report came from
 * another version of the file, where lines have moved but names have not: the frame's function,
 * defined in this file, is followed instead (the one nearest the line when several share the name);
 * when the file does not define it, the line's definition is all there is to go on.
 */
async function frameDefinition(reader: IndexReader, file: { id: number; path: string }, frame: TracebackFrame): Promise<FrameDefinition | undefined> {
  const at = frame.line === null ? undefined : await reader.definitionAt(file.id, frame.line);
  if (!frame.func || (at && namesDefinition(frame.func, at))) return at;
  const line = frame.line ?? 0;
  const named = (await reader.fileOutline(file.path)).filter((s) => namesDefinition(frame.func!, s))
    .sort((a, b) => Math.abs(a.start_line - line) - Math.abs(b.start_line - line) || a.start_line - b.start_line)[0];
  return named ?? at;
}

async function addFrames(board: EvidenceBoard, table: PathTable, clues: TextClues, reader: IndexReader): Promise<void> {
  const inProject = clues.frames.flatMap((frame) => {
    const match = table.matchPath(frame.components);
    return match && names(match, frame.components.length) ? [{ frame, files: match.files }] : [];
  });
  for (const [k, { frame, files }] of inProject.entries()) {
    // Inner frames weigh more: the last frame of the project is where the error surfaced.
    const weight = (k + 1) / inProject.length;
    const innermost = k === inProject.length - 1;
    for (const file of files) {
      board.add(file, 'frame', weight / files.length, frame.line === null ? 'traceback' : `line ${frame.line}`);
      if (innermost) board.max(file, 'frameInnermost', 1 / files.length);
      const at = await frameDefinition(reader, file, frame);
      // A frame's function leads the file's hints, the innermost first: that is where it broke.
      if (at) board.hint(file, { name: at.container ? `${at.container}.${at.name}` : at.name, kind: at.kind, line: at.start_line, weight: FRAME_HINT + weight });
      else if (frame.func) board.hint(file, { name: frame.func, kind: 'function', line: frame.line ?? 0, weight: FRAME_HINT + weight });
    }
  }
}

function addModules(board: EvidenceBoard, table: PathTable, clues: TextClues): void {
  for (const dotted of clues.dotted) {
    const match = table.matchModule(dotted.parts);
    if (!match) continue;
    const name = dotted.parts.slice(0, match.consumed).join('.');
    const share = 1 / match.files.length;
    for (const file of match.files) {
      if (match.matched >= 2) board.max(file, 'module', share, name);
      else board.add(file, 'moduleShared', share, name);
    }
  }
}

/** The text's words in each path, weighed by the word's weight in the text and by how few paths hold it. */
function addPathWords(board: EvidenceBoard, table: PathTable, clues: TextClues): void {
  const total = table.files.length;
  for (const file of table.files) {
    let score = 0;
    const hits: { word: string; weight: number }[] = [];
    for (const word of file.words) {
      const mention = clues.words.get(word);
      if (!mention) continue;
      const weight = termWeight(mention) * Math.log(1 + total / (table.wordFiles.get(word) ?? 1));
      score += weight;
      hits.push({ word: mention.surface, weight });
    }
    if (score <= 0) continue;
    board.add(file, 'pathWords', score);
    for (const hit of hits) board.detail(file, 'pathWords', hit.word, hit.weight);
  }
}

export async function addPathEvidence(board: EvidenceBoard, table: PathTable, clues: TextClues, reader: IndexReader): Promise<void> {
  addWrittenPaths(board, table, clues);
  await addFrames(board, table, clues, reader);
  addModules(board, table, clues);
  addPathWords(board, table, clues);
}
