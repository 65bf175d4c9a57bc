/**
 * @module medicines/zip
 * Reads the official DLP*.zip / LEKARNY*.zip archives with yauzl (streaming,
 * so a 30 MB table is never held whole in memory). Entry names are taken as
 * given; only their base names are used to recognise files, so a path inside
 * an archive can never point outside it.
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { QuarryError } from '../contracts/errors.js';
import { message } from '../contracts/messages/index.js';

export interface ZipEntry {
  name: string;
  size: number;
}

export interface ZipArchive {
  entries: ZipEntry[];
  open(name: string): Promise<Readable>;
  close(): void;
}

function fail(file: string, error: unknown): QuarryError {
  return new QuarryError('INVALID_ARGUMENT', message('medicines.import_bad_zip', { file, reason: (error as Error).message }), { file }, { cause: error });
}

/** Opens an archive and lists its file entries (folders are skipped). */
export function openZip(file: string): Promise<ZipArchive> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => {
      if (error || !zip) return reject(fail(file, error));
      const found = new Map<string, yauzl.Entry>();
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('/')) found.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('error', (e) => reject(fail(file, e)));
      zip.on('end', () => {
        resolve({
          entries: [...found.values()].map((e) => ({ name: e.fileName, size: e.uncompressedSize })),
          open: (name) => new Promise<Readable>((res, rej) => {
            const entry = found.get(name);
            if (!entry) return rej(fail(file, new Error(`no entry ${name}`)));
            zip.openReadStream(entry, (e, stream) => (e || !stream ? rej(fail(file, e)) : res(stream)));
          }),
          close: () => zip.close(),
        });
      });
      zip.readEntry();
    });
  });
}
