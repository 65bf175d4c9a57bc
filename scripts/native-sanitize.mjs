// `npm run test:native-sanitize`: builds Quarry's native modules with AddressSanitizer and
// UndefinedBehaviorSanitizer into a copy of the checkout outside it (the checkout's own
// build/Release is left alone), then runs the tests that drive the modules against their
// JavaScript twins there, with the sanitizers' runtime preloaded into node. Any memory error or
// undefined behaviour stops the run with the sanitizer's report. Leak detection is off: node itself
// holds memory at exit that LeakSanitizer would report. Linux with gcc or clang; not part of CI
// (docs: CONTRIBUTING.md's native section says how long it takes).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const copy = path.join(os.tmpdir(), 'quarry-native-sanitize');

/** The tests that run the native modules beside their twins (parity and property tests). */
export const SANITIZED_TESTS = [
  'src/text/native-modules.test.ts',
  'src/text/gram-tokens.test.ts',
  'src/text/identifiers.test.ts',
  'src/ingest/symbols/native-parse.test.ts',
  'src/store/first-stage/first-stage-word-postings.test.ts',
  'src/search/first-stage.test.ts',
  'src/search/first-stage-words.test.ts',
  'src/store/ranking-extension.test.ts',
  'src/search/text-ranking.test.ts',
];

const SANITIZE = '-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g';
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

fs.rmSync(copy, { recursive: true, force: true });
fs.mkdirSync(copy, { recursive: true });
// The checkout as the tests read it (sources, bench helpers, the docs some read as prose), with its
// large folders linked instead, and without its builds.
const LINKED = new Set(['node_modules', 'test-fixtures']);
const LEFT_OUT = new Set(['.git', 'build', 'dist', 'vitest.config.ts']);
for (const entry of fs.readdirSync(root)) {
  if (LINKED.has(entry)) fs.symlinkSync(path.join(root, entry), path.join(copy, entry));
  else if (!LEFT_OUT.has(entry)) fs.cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
}
// The copy's tests need no dist/: no global setup that would build it.
fs.writeFileSync(path.join(copy, 'vitest.config.mjs'), 'export default { test: { testTimeout: 600_000, hookTimeout: 600_000, maxWorkers: 2 } };\n');

const gyp = process.env.npm_config_node_gyp ?? path.join(root, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
process.stdout.write(`building the native modules with ${SANITIZE} in ${copy}\n`);
const build = spawnSync(process.execPath, [gyp, 'rebuild', '-j', String(os.availableParallelism())], {
  cwd: copy, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, CFLAGS: SANITIZE, LDFLAGS: '-fsanitize=address,undefined' },
});
if (build.status !== 0) {
  process.stderr.write(`${build.stdout}${build.stderr}\nthe sanitized build failed (exit ${build.status ?? build.signal})\n`);
  process.exit(1);
}
process.stdout.write(`built in ${seconds()}\n`);

// node is not built with the sanitizers: their runtime must be loaded first, before any module.
const compiler = process.env.CC ?? 'gcc';
const runtime = ['libasan.so', 'libubsan.so'].map((name) => execFileSync(compiler, [`-print-file-name=${name}`], { encoding: 'utf8' }).trim());
const run = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'vitest.config.mjs', ...SANITIZED_TESTS], {
  cwd: copy, stdio: 'inherit',
  env: {
    ...process.env,
    LD_PRELOAD: runtime.join(' '),
    ASAN_OPTIONS: 'detect_leaks=0:abort_on_error=1:halt_on_error=1',
    UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1',
  },
});
process.stdout.write(`native sanitize run: ${run.status === 0 ? 'clean' : `failed (exit ${run.status ?? run.signal})`} in ${seconds()}\n`);
process.exit(run.status ?? 1);
