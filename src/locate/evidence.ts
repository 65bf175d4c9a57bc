/**
 * @module locate/evidence
 * What the text says about each file, kept as named features (so the ranking
 * is one weighted sum whose weights live in locate/locate-weights, and each file's
 * reasons are the features that weighed most), with the details a reason
 * names (the path, the definitions, the words) and the functions or classes
 * the evidence points at.
 */
import type { IndexedFile } from './path-table.js';

export const FEATURES = [
  /** The text names the file's path (two or more trailing components agree, or the name is unique). */
  'pathNamed',
  /** The text names a file name several files share: 1/n to each. */
  'pathShared',
  /** Traceback frames in the file, inner frames weighing more. */
  'frame',
  /** The file holds the innermost frame of the project. */
  'frameInnermost',
  /** A dotted name is the file's module (two or more parts agree). */
  'module',
  /** A one-part module name several files share: 1/n to each. */
  'moduleShared',
  /** The file defines names the text writes as code, each weighed by how few files define it. */
  'defines',
  /** The same for names the text writes as plain words. */
  'definesWord',
  /** The file defines `Container.member` the text names (a dotted name of a class and its member). */
  'definesMember',
  /** The file's code holds the words of an error message the text quotes (`raise ValueError(f'Unrecognized QDP line: ...')`). */
  'message',
  /** The file calls or extends code-like names the text mentions (graph neighbours of the named definitions). */
  'uses',
  /** Whole-file BM25 of the text's most telling words, scaled to the best file's. */
  'words',
  /** The same, over the title's words only (the title is the report in one line). */
  'titleWords',
  /** The text's words in the file's path, weighed by how few paths hold them, scaled to the best file's. */
  'pathWords',
] as const;

export type Feature = (typeof FEATURES)[number];

export interface SymbolHint {
  name: string;
  kind: string;
  line: number;
  weight: number;
}

export interface FileEvidence {
  file: IndexedFile;
  features: Partial<Record<Feature, number>>;
  /** What a reason names, per feature, most telling first. */
  details: Partial<Record<Feature, { text: string; weight: number }[]>>;
  symbols: Map<string, SymbolHint>;
}

export class EvidenceBoard {
  private readonly byFile = new Map<number, FileEvidence>();

  private entry(file: IndexedFile): FileEvidence {
    let entry = this.byFile.get(file.index);
    if (!entry) {
      entry = { file, features: {}, details: {}, symbols: new Map() };
      this.byFile.set(file.index, entry);
    }
    return entry;
  }

  /** Adds `value` to a feature of the file; `detail` is what a reason would name. */
  add(file: IndexedFile, feature: Feature, value: number, detail?: string): void {
    const entry = this.entry(file);
    entry.features[feature] = (entry.features[feature] ?? 0) + value;
    if (detail !== undefined) this.note(entry, feature, detail, value);
  }

  /** Keeps the largest value of a feature (evidence that does not add up, such as "the path is named"). */
  max(file: IndexedFile, feature: Feature, value: number, detail?: string): void {
    const entry = this.entry(file);
    entry.features[feature] = Math.max(entry.features[feature] ?? 0, value);
    if (detail !== undefined) this.note(entry, feature, detail, value);
  }

  /** Records what a reason would name without changing the feature's value. */
  detail(file: IndexedFile, feature: Feature, text: string, weight: number): void {
    this.note(this.entry(file), feature, text, weight);
  }

  /** A function or class of the file the evidence points at; the heaviest mention of a name wins. */
  hint(file: IndexedFile, symbol: SymbolHint): void {
    const symbols = this.entry(file).symbols;
    const known = symbols.get(symbol.name);
    if (!known || known.weight < symbol.weight) symbols.set(symbol.name, symbol);
  }

  entries(): IterableIterator<FileEvidence> {
    return this.byFile.values();
  }

  private note(entry: FileEvidence, feature: Feature, text: string, weight: number): void {
    const list = (entry.details[feature] ??= []);
    const known = list.find((d) => d.text === text);
    if (known) known.weight += weight;
    else list.push({ text, weight });
  }
}
