/**
 * @module test-support/fresh-build
 * Vitest's global setup: rebuilds dist/ before any test runs when a source is
 * newer than the build, so a test file that spawns the CLI (`dist/cli/main.js`)
 * or serves the page (`dist/web`) tests the code as it is now, also when one
 * file is run alone after an edit. When dist/ is current (as after `npm test`'s
 * pretest build) it only compares file times.
 *
 * Running the CLI through tsx instead would need no build, but costs each spawn
 * about a second more than node on the built file, and the suite spawns it
 * hundreds of times.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './cli.js';

/** The newest modification time (ms) of the files under `dir` that `keep` accepts; 0 when none. */
export function newestMtime(dir: string, keep: (file: string) => boolean): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (keep(file)) newest = Math.max(newest, fs.statSync(file).mtimeMs);
  }
  return newest;
}

function mtimeOf(file: string): number {
  return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
}

/** A shipped source of dist/ (tests and test support are never built). */
function isBuiltSource(file: string): boolean {
  return file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes(`${path.sep}test-support${path.sep}`);
}

function run(command: string, args: string[]): void {
  execFileSync(command, args, { cwd: PROJECT_ROOT, stdio: 'inherit' });
}

export default function freshBuild(): void {
  const at = (...parts: string[]) => path.join(PROJECT_ROOT, ...parts);
  // tsc writes every output file on each build, so the CLI's entry file dates the whole build.
  if (newestMtime(at('src'), isBuiltSource) > mtimeOf(at('dist', 'cli', 'main.js'))) {
    process.stderr.write('dist/ is older than src/: building it first\n');
    run(process.execPath, [at('node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json']);
    // As npm run build: the bin's file executable, as a linked bin needs it.
    run(process.execPath, [at('scripts', 'bin-mode.mjs')]);
  }
  const web = Math.max(newestMtime(at('web', 'src'), () => true), newestMtime(at('web', 'public'), () => true), mtimeOf(at('web', 'index.html')), mtimeOf(at('web', 'vite.config.ts')));
  if (web > mtimeOf(at('dist', 'web', 'index.html'))) {
    process.stderr.write('dist/web is older than web/: building the page first\n');
    run('npm', ['run', 'build:web']);
  }
}
