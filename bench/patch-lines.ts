/**
 * @module bench/patch-lines
 * Which lines of the original file a unified diff touches, per file: the
 * lines it removes or replaces, and for a pure insertion the line it is
 * inserted after (the definition that grows is the one edited). Line numbers
 * are the base commit's, so they can be read against its index. Pure.
 */

export interface PatchedFile {
  /** Path before the change (`a/...`), as the base commit names it. */
  file: string;
  /** Old-file line numbers the patch edits, ascending, without repeats. */
  lines: number[];
}

const FILE_HEADER = /^diff --git a\/(\S+) b\//;
const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/;

/** The files a unified diff edits, in order, each with the old lines it touches. */
export function patchedLines(patch: string): PatchedFile[] {
  const files: { file: string; lines: Set<number> }[] = [];
  let oldLine = 0;
  let inHunk = false;
  for (const line of patch.split('\n')) {
    const header = FILE_HEADER.exec(line);
    if (header) {
      files.push({ file: header[1]!, lines: new Set() });
      inHunk = false;
      continue;
    }
    const edited = files[files.length - 1]?.lines;
    if (!edited) continue;
    const hunk = HUNK_HEADER.exec(line);
    if (hunk) {
      // `-N,0`: nothing removed; the new lines go after old line N.
      oldLine = Number(hunk[1]) + (hunk[2] === '0' ? 1 : 0);
      inHunk = true;
    } else if (!inHunk) {
      continue;
    } else if (line.startsWith('-')) {
      edited.add(oldLine++);
    } else if (line.startsWith('+')) {
      edited.add(Math.max(1, oldLine - 1));
    } else if (line.startsWith(' ') || line === '') {
      oldLine++;
    } else if (!line.startsWith('\\')) {
      inHunk = false;
    }
  }
  return files.map((f) => ({ file: f.file, lines: [...f.lines].sort((a, b) => a - b) }));
}
