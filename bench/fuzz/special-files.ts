/**
 * @module bench/fuzz/special-files
 * Files that are not regular files, planted in the fuzz tree after it is
 * indexed: a FIFO, a UNIX socket, links to character devices (/dev/zero,
 * /dev/urandom, and one that leads inside the tree to a FIFO), and a loop
 * of two links. A reader that opens the FIFO blocks until a writer comes,
 * so a pump opens it for writing now and then: whatever got stuck on it
 * (a request, an index pass) is released and the run goes on, while a probe
 * pauses the pump to see whether the server stays free meanwhile.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface SpecialFiles {
  /** Paths relative to the root, with what each is. */
  entries: { rel: string; kind: string }[];
  /** Stops the pump while a probe runs. */
  pause: () => void;
  resume: () => void;
  /** Releases any reader stuck on a FIFO once. */
  release: () => void;
  remove: () => void;
}

export const SPECIAL_DIR = 'special';

export function plantSpecialFiles(root: string, pumpMs = 1000): SpecialFiles {
  const dir = path.join(root, SPECIAL_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const fifos = [path.join(dir, 'pipe')];
  execFileSync('mkfifo', fifos);
  const socketPath = path.join(dir, 'sock');
  const socket = net.createServer().listen(socketPath);
  fs.symlinkSync('/dev/zero', path.join(dir, 'zero'));
  fs.symlinkSync('/dev/urandom', path.join(dir, 'urandom'));
  fs.symlinkSync('pipe', path.join(dir, 'pipe-link'));
  fs.symlinkSync('loop-b', path.join(dir, 'loop-a'));
  fs.symlinkSync('loop-a', path.join(dir, 'loop-b'));
  const release = () => {
    for (const fifo of fifos) {
      try { fs.closeSync(fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK)); } catch { /* ENXIO: nobody is reading */ }
    }
  };
  let paused = false;
  const pump = setInterval(() => { if (!paused) release(); }, pumpMs);
  pump.unref();
  return {
    entries: [
      { rel: `${SPECIAL_DIR}/pipe`, kind: 'FIFO' }, { rel: `${SPECIAL_DIR}/pipe-link`, kind: 'link to a FIFO' },
      { rel: `${SPECIAL_DIR}/sock`, kind: 'socket' }, { rel: `${SPECIAL_DIR}/zero`, kind: 'link to /dev/zero' },
      { rel: `${SPECIAL_DIR}/urandom`, kind: 'link to /dev/urandom' }, { rel: `${SPECIAL_DIR}/loop-a`, kind: 'symlink loop' },
    ],
    pause: () => { paused = true; },
    resume: () => { paused = false; },
    release,
    remove: () => {
      clearInterval(pump);
      release();
      socket.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
