/**
 * @module medicines/import-sources
 * Turns the paths given to `quarry medicines import` into a list of data
 * files: CSVs on disk, CSVs inside DLP*.zip / LEKARNY*.zip / mr*.zip
 * archives, and PIL/SPC PDFs. Files nobody recognises are listed as skipped,
 * so the report says what was left out and why. Each source is opened under
 * its byte cap (ImportLimits): a file by its size on disk, a zip entry by its
 * declared size and by counting what it inflates to.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { catalogueError } from '../contracts/errors.js';
import { MEDICINES } from '../contracts/limits.js';
import { specFor, type FileSpec } from './file-specs.js';
import { openZip, tooLarge, type ZipArchive } from './zip.js';

/** Byte caps of one import; the defaults are MEDICINES.import*, tests pass small ones. */
export interface ImportLimits {
  csvMaxBytes: number;
  pdfMaxBytes: number;
  csvMaxRecordChars: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  csvMaxBytes: MEDICINES.importCsvMaxBytes,
  pdfMaxBytes: MEDICINES.importPdfMaxBytes,
  csvMaxRecordChars: MEDICINES.importCsvMaxRecordChars,
};

export interface CsvSource {
  /** Where it came from: a path, or "archive.zip:entry.csv". */
  label: string;
  baseName: string;
  spec: FileSpec;
  open(): Promise<Readable>;
}

export interface PdfSource {
  label: string;
  baseName: string;
  read(): Promise<Buffer>;
}

export interface Sources {
  csv: CsvSource[];
  pdf: PdfSource[];
  skipped: string[];
  close(): void;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function listFolder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() || e.isDirectory())
    .flatMap((e) => (e.isDirectory() ? listFolder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

/** Refuses a file on disk larger than `max` before any byte of it is read. */
function checkSize(file: string, max: number, kind: 'CSV' | 'PDF'): void {
  const size = fs.statSync(file).size;
  if (size > max) throw tooLarge(file, size, max, kind);
}

export async function collectSources(paths: readonly string[], limits: ImportLimits = DEFAULT_IMPORT_LIMITS): Promise<Sources> {
  const sources: Sources = { csv: [], pdf: [], skipped: [], close: () => { for (const zip of zips) zip.close(); } };
  const zips: ZipArchive[] = [];
  const files: string[] = [];
  for (const given of paths) {
    const resolved = path.resolve(given);
    if (!fs.existsSync(resolved)) throw catalogueError('INVALID_ARGUMENT', { key: 'medicines.import_path_missing', params: { path: given } }, 'en', { path: given });
    files.push(...(fs.statSync(resolved).isDirectory() ? listFolder(resolved) : [resolved]));
  }
  try {
    for (const file of files) {
      const baseName = path.basename(file);
      if (/\.zip$/i.test(baseName)) {
        const zip = await openZip(file);
        zips.push(zip);
        for (const entry of zip.entries) {
          const entryBase = path.posix.basename(entry.name);
          const label = `${file}:${entry.name}`;
          const spec = specFor(entryBase);
          if (spec) sources.csv.push({ label, baseName: entryBase, spec, open: () => zip.open(entry.name, limits.csvMaxBytes, 'CSV') });
          else if (/\.pdf$/i.test(entryBase)) sources.pdf.push({ label, baseName: entryBase, read: async () => readAll(await zip.open(entry.name, limits.pdfMaxBytes, 'PDF')) });
          else sources.skipped.push(label);
        }
        continue;
      }
      const spec = specFor(baseName);
      if (spec) sources.csv.push({ label: file, baseName, spec, open: async () => { checkSize(file, limits.csvMaxBytes, 'CSV'); return fs.createReadStream(file); } });
      else if (/\.pdf$/i.test(baseName)) sources.pdf.push({ label: file, baseName, read: async () => { checkSize(file, limits.pdfMaxBytes, 'PDF'); return fs.promises.readFile(file); } });
      else sources.skipped.push(file);
    }
  } catch (error) {
    sources.close();
    throw error;
  }
  return sources;
}
