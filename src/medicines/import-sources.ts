/**
 * @module medicines/import-sources
 * Turns the paths given to `quarry medicines import` into a list of data
 * files: CSVs on disk, CSVs inside DLP*.zip / LEKARNY*.zip / mr*.zip
 * archives, and PIL/SPC PDFs. Files nobody recognises are listed as skipped,
 * so the report says what was left out and why.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { QuarryError } from '../contracts/errors.js';
import { message } from '../contracts/messages/index.js';
import { specFor, type FileSpec } from './file-specs.js';
import { openZip, type ZipArchive } from './zip.js';

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

export async function collectSources(paths: readonly string[]): Promise<Sources> {
  const sources: Sources = { csv: [], pdf: [], skipped: [], close: () => { for (const zip of zips) zip.close(); } };
  const zips: ZipArchive[] = [];
  const files: string[] = [];
  for (const given of paths) {
    const resolved = path.resolve(given);
    if (!fs.existsSync(resolved)) throw new QuarryError('INVALID_ARGUMENT', message('medicines.import_path_missing', { path: given }), { path: given });
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
          if (spec) sources.csv.push({ label, baseName: entryBase, spec, open: () => zip.open(entry.name) });
          else if (/\.pdf$/i.test(entryBase)) sources.pdf.push({ label, baseName: entryBase, read: async () => readAll(await zip.open(entry.name)) });
          else sources.skipped.push(label);
        }
        continue;
      }
      const spec = specFor(baseName);
      if (spec) sources.csv.push({ label: file, baseName, spec, open: async () => fs.createReadStream(file) });
      else if (/\.pdf$/i.test(baseName)) sources.pdf.push({ label: file, baseName, read: async () => fs.promises.readFile(file) });
      else sources.skipped.push(file);
    }
  } catch (error) {
    sources.close();
    throw error;
  }
  return sources;
}
