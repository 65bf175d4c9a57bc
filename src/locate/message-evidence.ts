/**
 * @module locate/message-evidence
 * Evidence from the error messages a text quotes: the code that raises
 * `ValueError: Unrecognized QDP line: read serr 1 2` holds the words
 * "Unrecognized QDP line" (`raise ValueError(f'Unrecognized QDP line:
 * {line}')`). A message ends with the values of one run, so its start is
 * looked up as a phrase in the word index, shortened word by word until some
 * file holds it; when a value sits early (`cache key 'a b' holds a control
 * character`), three-word runs further on are tried. A phrase that many
 * files hold points at none of them.
 */
import { LOCATE } from '../contracts/limits.js';
import type { IndexReader } from '../store/store.js';
import { foldCase, tokenize } from '../text/tokens.js';
import type { EvidenceBoard } from './evidence.js';
import type { TextClues } from './extract.js';
import type { IndexedFile, PathTable } from './path-table.js';

/** Shortest phrase looked up: one or two words are in too many files to point at the raising code. */
const PHRASE_MIN_WORDS = 3;

async function filesHolding(reader: IndexReader, words: readonly string[], byId: ReadonlyMap<number, IndexedFile>): Promise<IndexedFile[] | null> {
  const fileIds = await reader.phraseFiles(words, LOCATE.messageFilesMax + 1);
  if (fileIds.length === 0) return [];
  if (fileIds.length > LOCATE.messageFilesMax) return null;
  return fileIds.map((id) => byId.get(id)).filter((f): f is IndexedFile => f !== undefined);
}

/** The phrases tried for a message, most telling first: its longest starts, then three-word runs after its start. */
function phrasesOf(words: readonly string[]): string[][] {
  const phrases: string[][] = [];
  for (let n = Math.min(LOCATE.messageWordsMax, words.length); n >= PHRASE_MIN_WORDS; n--) phrases.push(words.slice(0, n));
  for (let at = 1; at + PHRASE_MIN_WORDS <= Math.min(words.length, LOCATE.messageWordsMax * 2); at++) phrases.push(words.slice(at, at + PHRASE_MIN_WORDS));
  return phrases;
}

export async function addMessageEvidence(board: EvidenceBoard, table: PathTable, clues: TextClues, reader: IndexReader): Promise<void> {
  for (const message of clues.messages) {
    const words = tokenize(message).map(foldCase);
    for (const phrase of phrasesOf(words)) {
      const files = await filesHolding(reader, phrase, table.byId);
      if (files === null || files.length === 0) continue;
      const quoted = phrase.join(' ');
      for (const file of files) board.max(file, 'message', 1 / files.length, quoted);
      break;
    }
  }
}
