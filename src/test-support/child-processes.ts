/**
 * @module test-support/child-processes
 * What a server process has spawned, read from /proc (Linux), so tests can
 * see how many rg/fd children run at once and that a cancelled one is gone.
 * Also FIFOs: a real ripgrep reading a named pipe waits until the test
 * writes to it, which makes a search as slow as a test needs without
 * burning CPU on a shared machine.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface ChildProcessInfo { pid: number; name: string; args: string[] }

/** Live (not zombie) direct children of `parentPid`, optionally only those named `name`. */
export function childProcesses(parentPid: number, name?: string): ChildProcessInfo[] {
  const found: ChildProcessInfo[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    let cmdline: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue; // exited while we looked
    }
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ")".
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const [state, ppid] = stat.slice(close + 2).split(' ');
    if (Number(ppid) !== parentPid || state === 'Z') continue;
    if (name !== undefined && comm !== name) continue;
    found.push({ pid: Number(entry), name: comm, args: cmdline.split('\0').filter(Boolean) });
  }
  return found;
}

/** Polls until `check` holds; fails after `timeoutMs`. Returns how long it took. */
export async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<number> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

/** Creates a named pipe at `file`. */
export function makeFifo(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('mkfifo', [file]);
  return file;
}

/** Writes `text` into a FIFO and closes it, if a reader has it open; false (nothing written) otherwise. */
export function feedFifo(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENXIO') return false; // no reader yet
    throw error;
  }
  try {
    fs.writeSync(fd, text);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}
