/**
 * @module locate/history-evidence
 * Evidence from the project's recent git history (locate/history). Two
 * priors: a file many recent commits changed is where changes land
 * (`changes`, only for files the text already points at), and a file that
 * changed together with the files ranked highest by the text is often the
 * one to change with them, or instead of them (`coChanged`: a report
 * describing a migration's behaviour names the operations; the fix lands in
 * the autodetector they are committed with).
 */
import { LOCATE_HISTORY } from './locate-weights.js';
import type { EvidenceBoard } from './evidence.js';
import type { CommitFiles } from './history.js';
import type { IndexedFile, PathTable } from './path-table.js';
import type { RankedFile } from './rank.js';

/** The commits of the indexed files, by each file's place in the path table. */
export class FileHistory {
  /** Each kept commit's files (places in the table). */
  readonly commits: Int32Array[] = [];
  /** How many kept commits changed each file. */
  readonly changes: Int32Array;
  /** The most commits any file was changed in. */
  readonly mostChanges: number;
  /** The kept commits that changed each file (indexes into `commits`), for the files changed at all. */
  private readonly commitsOf = new Map<number, number[]>();

  /**
   * `bySource`: each indexed folder's commits (its repository name, paths relative to its root).
   * A commit changing more than LOCATE_HISTORY.commitFilesMax files (a reformatting, a mass rename)
   * says nothing about which files belong together and is left out.
   */
  constructor(table: PathTable, bySource: ReadonlyMap<string, CommitFiles>) {
    this.changes = new Int32Array(table.files.length);
    const byPath = new Map<string, IndexedFile>(table.files.map((f) => [`${f.repository}\n${f.path}`, f]));
    for (const [repository, commits] of bySource) {
      for (const paths of commits) {
        if (paths.length > LOCATE_HISTORY.commitFilesMax) continue;
        const files = new Set<number>();
        for (const p of paths) {
          const file = byPath.get(`${repository}\n${p}`);
          if (file) files.add(file.index);
        }
        if (files.size === 0) continue;
        const at = this.commits.length;
        this.commits.push(Int32Array.from(files));
        for (const f of files) {
          this.changes[f] = this.changes[f]! + 1;
          const list = this.commitsOf.get(f);
          if (list) list.push(at);
          else this.commitsOf.set(f, [at]);
        }
      }
    }
    this.mostChanges = this.changes.reduce((max, n) => Math.max(max, n), 0);
  }

  commitsChanging(file: IndexedFile): readonly number[] {
    return this.commitsOf.get(file.index) ?? [];
  }
}

/**
 * `changes` for each file already on the board: log(1 + commits changing it), over the most any
 * file has. `coChanged` for every file changed with the best `LOCATE_HISTORY.seeds` files of the
 * ranking so far: the share of each seed's commits that changed it too, weighed by the seed's
 * score over the best score (rank scales the sum to the best file's).
 */
export function addHistoryEvidence(board: EvidenceBoard, table: PathTable, history: FileHistory, ranked: readonly RankedFile[]): void {
  if (history.mostChanges === 0) return;
  const most = Math.log1p(history.mostChanges);
  for (const entry of [...board.entries()]) {
    const n = history.changes[entry.file.index]!;
    if (n > 0) board.max(entry.file, 'changes', Math.log1p(n) / most);
  }
  const seeds = ranked.slice(0, LOCATE_HISTORY.seeds);
  const top = seeds[0]?.score ?? 0;
  if (top <= 0) return;
  /** Per file: the summed shares, and the seed that gave the largest (its reason names it). */
  const together = new Map<number, { value: number; seed: string; best: number }>();
  for (const seed of seeds) {
    const commits = history.commitsChanging(seed.evidence.file);
    if (commits.length === 0 || seed.score <= 0) continue;
    const share = seed.score / top / commits.length;
    const given = new Map<number, number>();
    for (const c of commits) {
      for (const f of history.commits[c]!) if (f !== seed.evidence.file.index) given.set(f, (given.get(f) ?? 0) + share);
    }
    for (const [f, value] of given) {
      const known = together.get(f);
      if (!known) together.set(f, { value, seed: seed.evidence.file.path, best: value });
      else {
        known.value += value;
        if (value > known.best) { known.best = value; known.seed = seed.evidence.file.path; }
      }
    }
  }
  for (const [f, { value, seed }] of together) board.add(table.files[f]!, 'coChanged', value, seed);
}
