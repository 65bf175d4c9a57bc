/**
 * @module medicines/zip
 * Reads the official DLP*.zip / LEKARNY*.zip archives with yauzl (streaming,
 * so a 30 MB table is never held whole in memory). Entry names are taken as
 * given; only their base names are used to recognise files, so a path inside
 * an archive can never point outside it. An entry is opened only under a byte
 * cap: its declared size is checked first, and the inflated bytes are counted
 * as they stream, since a crafted header can declare less than it holds.
 */
import { Transform, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { catalogueError, type QuarryError } from '../contracts/errors.js';

export interface ZipEntry {
  name: string;
  size: number;
}

export interface ZipArchive {
  entries: ZipEntry[];
  /** Streams an entry, refusing it (LIMIT_EXCEEDED) if it declares or inflates to more than `maxBytes`. */
  open(name: string, maxBytes: number, kind: 'CSV' | 'PDF'): Promise<Readable>;
  close(): void;
}

/** Fails an entry's stream as soon as it passes its declared size or the cap. */
function counted(label: string, declared: number, maxBytes: number, kind: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) return done(tooLarge(label, seen, maxBytes, kind));
      if (seen > declared) return done(catalogueError('LIMIT_EXCEEDED', { key: 'medicines.import_entry_size_lie', params: { file: label, declared } }, 'en', { file: label, declared }));
      done(null, chunk);
    },
  });
}

export function tooLarge(file: string, size: number, max: number, kind: string): QuarryError {
  return catalogueError('LIMIT_EXCEEDED', { key: 'medicines.import_too_large', params: { file, size, max, kind } }, 'en', { file, size, max });
}

function fail(file: string, error: unknown): QuarryError {
  return catalogueError('INVALID_ARGUMENT', { key: 'medicines.import_bad_zip', params: { file, reason: (error as Error).message } }, 'en', { file }, error);
}

/** Opens an archive and lists its file entries (folders are skipped). */
export function openZip(file: string): Promise<ZipArchive> {
  return new Promise((resolve, reject) => {
    // Sizes are checked by `counted` (our message, our cap), not by yauzl's own check.
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: false }, (error, zip) => {
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
          open: (name, maxBytes, kind) => new Promise<Readable>((res, rej) => {
            const entry = found.get(name);
            if (!entry) return rej(fail(file, new Error(`no entry ${name}`)));
            const label = `${file}:${name}`;
            if (entry.uncompressedSize > maxBytes) return rej(tooLarge(label, entry.uncompressedSize, maxBytes, kind));
            zip.openReadStream(entry, (e, stream) => {
              if (e || !stream) return rej(fail(file, e));
              const limited = counted(label, entry.uncompressedSize, maxBytes, kind);
              // A damaged deflate stream fails the import as a bad archive (import_bad_zip).
              stream.on('error', (error) => limited.destroy(fail(file, error)));
              res(stream.pipe(limited));
            });
          }),
          close: () => zip.close(),
        });
      });
      zip.readEntry();
    });
  });
}
