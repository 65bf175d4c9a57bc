/**
 * @module ingest/index-plan
 * The planning half of a pass (ingest/indexer executes it): from what the walk found, what the
 * index holds and how large the change is, which files are read and prepared, which stored files
 * are gone, and which of the pass's stages run (a bulk load, a first stage, a text dictionary,
 * the preparer). Pure: no file, store or clock is touched, so each decision is tested alone.
 */
import type { StoredFileState } from '../store/store.js';
import { stillBinary, type BinaryFiles } from './binary-files.js';
import type { WalkedFile } from './walk.js';

export interface PassFacts {
  /** What the store is: a first stage and packed chunk text are SQLite's only. */
  storeKind: 'sqlite' | 'postgres';
  /** The walk's files, in walk order. */
  walked: readonly WalkedFile[];
  /** The index's files by path, as stored. */
  stored: ReadonlyMap<string, StoredFileState>;
  /** Blob ids git vouches for, by path (ingest/git-tree); empty outside a git work tree. */
  blobs: ReadonlyMap<string, string>;
  /** The files earlier passes found binary (ingest/binary-files). */
  binary: BinaryFiles;
  /** The index's rows are in an older content format: every stored file is prepared again. */
  staleFormat: boolean;
  /** The index holds no file yet (a first build, or one interrupted before its first file). */
  emptyIndex: boolean;
  /** A first build preparing at least this much bulk-loads (INGEST.bulkLoadMinBytes). */
  bulkLoadMinBytes: number;
  /** A first SQLite build preparing at least this much writes a first stage. */
  firstStageMinBytes: number;
  /** A pass preparing at least this much learns the chunk-text dictionary when the index has none. */
  textDictionaryMinBytes: number;
}

export interface IndexPlan {
  bytesTotal: number;
  /** Files read, hashed and prepared, in walk order: new, of another size or mtime (and not of the same blob), or all in a stale format. */
  toPrepare: WalkedFile[];
  /** New files that are still the binary files an earlier pass found: skipped as binary, unread. */
  knownBinary: WalkedFile[];
  bytesToPrepare: number;
  /** Stored files the walk did not find: deleted at the pass's end. */
  vanished: StoredFileState[];
  /** Bytes prepared plus bytes of vanished files: how much of the index the pass changes. */
  bytesChanged: number;
  /** Secondary indexes are built once at the end (an empty index with much to load). */
  bulkLoad: boolean;
  /** The store may count the words once at the end instead of keeping them up (it decides by the index's size). */
  mayDeferWordCounts: boolean;
  /** Every file's trigrams, then words, written before the index, so searches answer the whole tree meanwhile. */
  firstStage: boolean;
  /** Chunk text is packed by whoever prepares the file (SQLite; PostgreSQL keeps it plain). */
  packText: boolean;
  /** The chunk-text dictionary: not read (nothing to pack), read, or read and learnt from the files when absent. */
  textDictionary: 'none' | 'read' | 'learn';
  /** The preparer (its modules, tree-sitter's among them) is loaded only when a file is to be prepared. */
  preparer: boolean;
}

/**
 * Whether `entry` is prepared against `state`: not stored, or stored with another size, or with
 * another mtime unless git vouches that its blob is the one stored (`blob`, ingest/git-tree); every
 * one in a stale format. A blob that differs from the stored hash at the same size and mtime is
 * taken as unchanged, as without git: the hash of an index written before is not a blob id.
 */
export function needsPreparing(entry: WalkedFile, state: StoredFileState | undefined, staleFormat: boolean, blob?: string): boolean {
  if (!state || staleFormat || state.size !== entry.size) return true;
  return state.mtimeMs !== entry.mtimeMs && (blob === undefined || blob !== state.hash);
}

export function planIndexPass(facts: PassFacts): IndexPlan {
  const { walked, stored, staleFormat, emptyIndex, blobs, binary } = facts;
  const found = new Set<string>();
  const toPrepare: WalkedFile[] = [];
  const knownBinary: WalkedFile[] = [];
  let bytesTotal = 0, bytesToPrepare = 0;
  for (const entry of walked) {
    found.add(entry.relPath);
    bytesTotal += entry.size;
    const state = stored.get(entry.relPath);
    const blob = blobs.get(entry.relPath);
    if (!state && stillBinary(binary.get(entry.relPath), entry, blob)) {
      knownBinary.push(entry);
    } else if (needsPreparing(entry, state, staleFormat, blob)) {
      toPrepare.push(entry);
      bytesToPrepare += entry.size;
    }
  }
  const vanished = [...stored].filter(([relPath]) => !found.has(relPath)).map(([, state]) => state);
  const bytesChanged = bytesToPrepare + vanished.reduce((sum, state) => sum + state.size, 0);
  const bulkLoad = emptyIndex && bytesToPrepare >= facts.bulkLoadMinBytes;
  const packText = facts.storeKind === 'sqlite';
  return {
    bytesTotal, toPrepare, knownBinary, bytesToPrepare, vanished, bytesChanged, bulkLoad,
    mayDeferWordCounts: !bulkLoad && bytesChanged > 0,
    firstStage: facts.storeKind === 'sqlite' && emptyIndex && bytesToPrepare >= facts.firstStageMinBytes,
    packText,
    textDictionary: !packText || bytesToPrepare === 0 ? 'none' : bytesToPrepare >= facts.textDictionaryMinBytes ? 'learn' : 'read',
    preparer: toPrepare.length > 0,
  };
}
