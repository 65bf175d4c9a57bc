/**
 * @module medicines/importer
 * `quarry medicines import`: reads the SÚKL files found by import-sources
 * and writes them into ROOT/.quarry/medicines.db in ONE transaction. If any
 * file is unreadable or lacks a required column, everything rolls back and
 * the previous data stays as it was. The report names, per file, the rows
 * read, unknown columns (ignored) and missing optional ones.
 */
import { Readable } from 'node:stream';
import { catalogueError, QuarryError } from '../contracts/errors.js';
import { readCsv, sniffDelimiter } from './csv.js';
import { splitSections } from './doc-sections.js';
import { mapColumns, type FileSpec } from './file-specs.js';
import { DEFAULT_IMPORT_LIMITS, collectSources, type CsvSource, type ImportLimits } from './import-sources.js';
import { createSinks, rebuildProductSearch, type Fields, type Sink } from './import-sinks.js';
import { pdfLines } from './pdf-text.js';
import { MedicinesStore, defaultMedicinesPath, type DataSetInfo } from './store.js';

export interface ImportedFile {
  file: string;
  table: string;
  rows: number;
  unknown_columns: string[];
  missing_optional_columns: string[];
}

export interface ImportReport {
  database: string;
  files: ImportedFile[];
  documents: { file: string; sections: number }[];
  skipped: string[];
  data_set: DataSetInfo;
  duration_ms: number;
}

export interface ImportOptions {
  root: string;
  paths: readonly string[];
  database?: string;
  onFile?: (file: string) => void;
  /** Byte caps (defaults: MEDICINES.import*). */
  limits?: Partial<ImportLimits>;
}

/** Peeks the header line of a stream to choose `;` or `|`, then hands back the whole stream. */
async function withDelimiter(stream: Readable, spec: FileSpec, maxPeekBytes: number): Promise<{ stream: Readable; delimiter: string }> {
  if (spec.delimiter) return { stream, delimiter: spec.delimiter };
  const iterator = stream[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let peeked = 0;
  // Archive streams may deliver small chunks: read until the header line is complete
  // (or one record's worth: past that, csv-parse refuses the record anyway).
  while (!head.some((chunk) => chunk.includes(0x0a)) && peeked <= maxPeekBytes) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value as Buffer);
    peeked += (next.value as Buffer).length;
  }
  const first = Buffer.concat(head);
  const replay = Readable.from((async function* () {
    if (first.length) yield first;
    for (;;) { const next = await iterator.next(); if (next.done) return; yield next.value as Buffer; }
  })());
  return { stream: replay, delimiter: sniffDelimiter(first.toString('latin1').split(/\r?\n/)[0] ?? '') };
}

async function importCsv(source: CsvSource, sink: Sink, cleared: Set<string>, limits: ImportLimits): Promise<ImportedFile> {
  const { stream, delimiter } = await withDelimiter(await source.open(), source.spec, limits.csvMaxRecordChars);
  let rows = 0;
  let table: Awaited<ReturnType<typeof readCsv>> | null = null;
  try {
    table = await readCsv(stream, delimiter, limits.csvMaxRecordChars);
    const map = mapColumns(source.spec, table.header);
    if (map.missingRequired.length > 0) {
      throw catalogueError('INVALID_ARGUMENT', { key: 'medicines.import_missing_columns', params: {
        file: source.label, missing: map.missingRequired.join(', '), found: table.header.join(', ') || '(empty file)',
      } }, 'en', { file: source.label, missing: map.missingRequired, header: table.header });
    }
    const clearKey = source.spec.list ?? source.spec.kind;
    if (!cleared.has(clearKey)) { sink.clear(source.spec); cleared.add(clearKey); }
    for await (const record of table.records) {
      const fields: Fields = {};
      for (const [field, column] of Object.entries(map.columns)) fields[field] = record[column] ?? '';
      sink.insert(fields, source.spec);
      rows++;
    }
    return { file: source.label, table: source.spec.list ?? source.spec.kind, rows, unknown_columns: map.unknown, missing_optional_columns: map.missingOptional };
  } catch (error) {
    if (error instanceof QuarryError) throw error;
    const csvError = error as { code?: string; lines?: number };
    if (csvError.code === 'CSV_MAX_RECORD_SIZE') {
      const line = csvError.lines ?? rows + 2;
      throw catalogueError('LIMIT_EXCEEDED', { key: 'medicines.import_record_too_large', params: { file: source.label, line, max: limits.csvMaxRecordChars } }, 'en', { file: source.label, line }, error);
    }
    throw catalogueError('INVALID_ARGUMENT', { key: 'medicines.import_bad_csv', params: { file: source.label, reason: `record ${rows + 2}: ${(error as Error).message}` } }, 'en', { file: source.label }, error);
  } finally {
    table?.close();
    stream.destroy();
  }
}

export async function importMedicines(options: ImportOptions): Promise<ImportReport> {
  const started = performance.now();
  const database = options.database ?? defaultMedicinesPath(options.root);
  const limits: ImportLimits = { ...DEFAULT_IMPORT_LIMITS, ...options.limits };
  const sources = await collectSources(options.paths, limits);
  if (sources.csv.length === 0 && sources.pdf.length === 0) {
    sources.close();
    throw catalogueError('INVALID_ARGUMENT', { key: 'medicines.import_nothing', params: { paths: options.paths.join(', ') } });
  }
  const store = MedicinesStore.open(database, { root: options.root, create: true });
  const db = store.db;
  const metaSet = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  const setMeta = (key: string, value: string) => { metaSet.run(key, value); };
  const sinks = createSinks(db, setMeta);
  const report: ImportReport = { database, files: [], documents: [], skipped: sources.skipped, data_set: store.dataSet(), duration_ms: 0 };
  const cleared = new Set<string>();
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const source of sources.csv) {
      options.onFile?.(source.label);
      if (source.spec.kind === 'parsed_only') {
        const ignore: Sink = { clear: () => {}, insert: () => {} };
        report.files.push({ ...(await importCsv(source, ignore, cleared, limits)), table: '(read, not stored)' });
      } else {
        report.files.push(await importCsv(source, sinks[source.spec.kind], cleared, limits));
      }
    }
    const insertSection = db.prepare('INSERT INTO document_text (file, section, title, body) VALUES (?, ?, ?, ?)');
    const deleteDoc = db.prepare('DELETE FROM document_text WHERE file = ?');
    for (const pdf of sources.pdf) {
      options.onFile?.(pdf.label);
      const sections = splitSections(await pdfLines(await pdf.read(), pdf.label));
      const key = pdf.baseName.toLowerCase();
      deleteDoc.run(key);
      for (const s of sections) insertSection.run(key, s.section, s.title, s.body);
      report.documents.push({ file: pdf.label, sections: sections.length });
    }
    if (sources.pdf.length) db.exec("INSERT INTO document_fts(document_fts) VALUES ('rebuild')");
    rebuildProductSearch(db);
    setMeta('imported_at', new Date().toISOString());
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  } finally {
    sources.close();
    report.data_set = store.dataSet();
    store.close();
  }
  report.duration_ms = Math.round(performance.now() - started);
  return report;
}
