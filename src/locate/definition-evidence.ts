/**
 * @module locate/definition-evidence
 * Evidence from the names the text mentions, matched against the index's
 * definitions (tree-sitter symbols): a file that defines `RenameIndex` or
 * `_cull` is where such a name is fixed. A name defined in few files says
 * more than one defined in many; names the text's own example code defines
 * (`class Parent(models.Model)`) are the reporter's and are skipped.
 */
import { LOCATE } from '../contracts/limits.js';
import type { LocateDefinitionRow } from '../store/rows.js';
import type { IndexReader } from '../store/store.js';
import type { EvidenceBoard } from './evidence.js';
import type { IdentifierMention, TextClues } from './extract.js';
import type { IndexedFile, PathTable } from './path-table.js';

/** Shortest name looked up: two-letter names (`id`, `pk`) are defined everywhere. */
const NAME_MIN_CHARS = 3;

/** How promising a mention is, to look the best ones up first. */
function promise(m: IdentifierMention): number {
  return (m.compound ? 4 : 1) * (m.inCode ? 2 : 1) * (m.inTitle ? 2 : 1) * (1 + Math.log(m.count));
}

/** How strongly the text points at a name: repeated, in the title. */
function mentionStrength(m: IdentifierMention): number {
  return (1 + Math.log(m.count)) * (m.inTitle ? 2 : 1);
}

/** Definitions of a name, exact case when there is one (`Query` is not `query`), else any case for code-like names. */
async function definitionsOf(reader: IndexReader, mention: IdentifierMention): Promise<LocateDefinitionRow[]> {
  const count = await reader.definitionCount(mention.name);
  if (count === 0 || count > LOCATE.definitionsPerName) return [];
  const rows = await reader.definitionsNamed(mention.name, LOCATE.definitionsPerName);
  const exact = rows.filter((r) => r.name === mention.name);
  if (exact.length > 0) return exact;
  return mention.compound ? rows : [];
}

function fileSet(rows: readonly LocateDefinitionRow[], byId: ReadonlyMap<number, IndexedFile>): Map<IndexedFile, LocateDefinitionRow[]> {
  const files = new Map<IndexedFile, LocateDefinitionRow[]>();
  for (const row of rows) {
    const file = byId.get(row.file_id);
    if (!file) continue;
    const list = files.get(file);
    if (list) list.push(row);
    else files.set(file, [row]);
  }
  return files;
}

const qualified = (row: LocateDefinitionRow) => (row.container ? `${row.container}.${row.name}` : row.name);

/** Container.member pairs from dotted names (`Query.add_q`, `node.add_marker`), keyed by member. */
function memberPairs(clues: TextClues): Map<string, Set<string>> {
  const pairs = new Map<string, Set<string>>();
  for (const dotted of clues.dotted) {
    for (let i = 0; i + 1 < dotted.parts.length; i++) {
      const member = dotted.parts[i + 1]!;
      const set = pairs.get(member) ?? new Set<string>();
      set.add(dotted.parts[i]!.toLowerCase());
      pairs.set(member, set);
    }
  }
  return pairs;
}

export async function addDefinitionEvidence(board: EvidenceBoard, table: PathTable, clues: TextClues, reader: IndexReader): Promise<void> {
  const byId = table.byId;
  const pairs = memberPairs(clues);
  const mentions = [...clues.identifiers.values()]
    .filter((m) => m.name.length >= NAME_MIN_CHARS && !clues.definedInText.has(m.name))
    .sort((a, b) => promise(b) - promise(a))
    .slice(0, LOCATE.identifiersMax);
  for (const mention of mentions) {
    const files = fileSet(await definitionsOf(reader, mention), byId);
    if (files.size === 0) continue;
    const specificity = 1 / files.size;
    const codeLike = mention.compound || mention.inCode;
    const value = specificity * mentionStrength(mention);
    const containers = pairs.get(mention.name);
    for (const [file, rows] of files) {
      board.add(file, codeLike ? 'defines' : 'definesWord', value, mention.name);
      const members = containers ? rows.filter((r) => r.container !== null && containers.has(r.container.toLowerCase())) : [];
      if (members.length > 0) board.add(file, 'definesMember', value, qualified(members[0]!));
      const best = members[0] ?? rows[0]!;
      board.hint(file, { name: qualified(best), kind: best.kind, line: best.start_line, weight: value * (codeLike ? 1 : 0.5) + (members.length > 0 ? 1 : 0) });
    }
    if (mention.compound) await addUsers(board, byId, reader, mention, files);
  }
}

/** Files that call or extend a named definition: where a named function is misused, or a named class misbehaves. */
async function addUsers(
  board: EvidenceBoard, byId: ReadonlyMap<number, IndexedFile>, reader: IndexReader, mention: IdentifierMention, definers: ReadonlyMap<IndexedFile, unknown>,
): Promise<void> {
  const users = (await reader.referencingFiles(mention.name, LOCATE.usersPerName))
    .map((row) => byId.get(row.file_id))
    .filter((file): file is IndexedFile => file !== undefined && !definers.has(file));
  const value = mentionStrength(mention) / Math.max(1, users.length);
  for (const file of users) board.add(file, 'uses', value, mention.name);
}
