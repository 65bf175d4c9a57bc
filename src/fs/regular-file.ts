/**
 * @module fs/regular-file
 * Reads a file only when it is a regular file, never waiting on it: the
 * type and size are checked before opening (stat does not open), the open
 * is non-blocking (O_NONBLOCK: a named pipe with no writer would otherwise
 * hold the open until someone writes), and the type is checked again on the
 * open descriptor, in case the path was swapped for a pipe or a device in
 * between. The asynchronous read (off the serving thread, in the file-system
 * pool) has a deadline as well.
 */
import fs from 'node:fs';

export type RegularRead =
  | { kind: 'read'; bytes: Buffer }
  /** A named pipe, socket, device or folder: never opened for reading. */
  | { kind: 'not_regular' }
  | { kind: 'too_large'; size: number };

/** Non-blocking, and a terminal device never becomes the reader's controlling terminal. */
const OPEN_FLAGS = fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | (fs.constants.O_NOCTTY ?? 0);

/** The verdict on a file's stat before and after opening; null when it may be read. */
function refusal(stat: fs.Stats, maxBytes: number): RegularRead | null {
  if (!stat.isFile()) return { kind: 'not_regular' };
  if (stat.size > maxBytes) return { kind: 'too_large', size: stat.size };
  return null;
}

/** Reads a regular file of at most `maxBytes` in this thread; I/O errors (missing, no permission) throw as fs's do. */
export function readRegularFileSync(file: string, maxBytes = Number.MAX_SAFE_INTEGER): RegularRead {
  const before = refusal(fs.statSync(file), maxBytes);
  if (before) return before;
  const fd = fs.openSync(file, OPEN_FLAGS);
  try {
    const after = refusal(fs.fstatSync(fd), maxBytes);
    if (after) return after;
    return { kind: 'read', bytes: fs.readFileSync(fd) };
  } finally {
    fs.closeSync(fd);
  }
}

/** Opens a file for reading without waiting on it; null when the open descriptor is not a regular file (it is closed). */
export function openRegularFileSync(file: string): number | null {
  const fd = fs.openSync(file, OPEN_FLAGS);
  if (fs.fstatSync(fd).isFile()) return fd;
  fs.closeSync(fd);
  return null;
}

/**
 * The same read in the file-system pool, given up after `deadlineMs` (null then). A read that
 * runs past its deadline still closes its file when it ends.
 */
export async function readRegularFile(file: string, maxBytes: number, deadlineMs: number): Promise<RegularRead | null> {
  const reading = (async (): Promise<RegularRead> => {
    const before = refusal(await fs.promises.stat(file), maxBytes);
    if (before) return before;
    const handle = await fs.promises.open(file, OPEN_FLAGS);
    try {
      const after = refusal(await handle.stat(), maxBytes);
      if (after) return after;
      return { kind: 'read', bytes: await handle.readFile() };
    } finally {
      await handle.close();
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), deadlineMs); });
  try {
    return await Promise.race([reading, deadline]);
  } finally {
    clearTimeout(timer);
    reading.catch(() => {}); // a read given up may still fail later; nobody waits for it
  }
}
