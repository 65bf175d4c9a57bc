/**
 * @module live/binaries
 * Finds the rg and fd executables: the QUARRY_RG / QUARRY_FD variable first
 * (an explicit setting that points nowhere is an error, not a silent
 * fallback), then PATH (`rg`; `fd` or Debian's `fdfind`), then, for rg only,
 * the static binary that `@vscode/ripgrep` ships in its platform package.
 * The version is probed once per binary and checked against the minimum.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LIVE } from '../contracts/limits.js';
import type { Locale } from '../contracts/messages/index.js';
import { message } from '../contracts/messages/index.js';
import { liveError } from './live-error.js';
import { runProcess } from './run-process.js';

export type BinaryKind = 'rg' | 'fd';

export interface Binary {
  kind: BinaryKind;
  path: string;
  version: readonly number[];
  /** Where it was found, for diagnostics. */
  source: 'env' | 'path' | 'bundled';
}

const SPEC = {
  rg: { env: 'QUARRY_RG', names: ['rg'], missing: 'live.rg_missing', min: LIVE.rgMinVersion, label: 'ripgrep' },
  fd: { env: 'QUARRY_FD', names: ['fd', 'fdfind'], missing: 'live.fd_missing', min: LIVE.fdMinVersion, label: 'fd' },
} as const;

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** First executable named one of `names` in the PATH directories. */
export function findOnPath(names: readonly string[], pathVar: string | undefined): string | null {
  const exts = process.platform === 'win32' ? ['.exe', '.cmd', ''] : [''];
  for (const dir of (pathVar ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of names) {
      for (const ext of exts) {
        const candidate = path.join(dir, name + ext);
        if (isExecutableFile(candidate)) return candidate;
      }
    }
  }
  return null;
}

/** The rg inside @vscode/ripgrep's platform package, when that optional dependency is installed. */
export function bundledRipgrep(): string | null {
  const require = createRequire(import.meta.url);
  const exe = process.platform === 'win32' ? 'rg.exe' : 'rg';
  try {
    const found = require.resolve(`@vscode/ripgrep-${process.platform}-${process.arch}/bin/${exe}`);
    return isExecutableFile(found) ? found : null;
  } catch {
    return null; // optional dependency absent on this platform: not an error, the next step reports it
  }
}

export interface LocateOptions {
  env: NodeJS.ProcessEnv;
  locale: Locale;
  /** The packaged-rg lookup; tests pass `() => null` to model a machine without the optional package. */
  bundled?: () => string | null;
}

/** Where the binary is, without running it. Throws UNAVAILABLE with install instructions. */
export function locateBinary(kind: BinaryKind, options: LocateOptions): { path: string; source: Binary['source'] } {
  const spec = SPEC[kind];
  const explicit = options.env[spec.env];
  if (explicit) {
    if (isExecutableFile(explicit)) return { path: explicit, source: 'env' };
    const reason = message('live.env_not_executable', { env: spec.env, path: explicit }, options.locale);
    throw liveError('UNAVAILABLE', spec.missing, { reason }, options.locale);
  }
  const onPath = findOnPath(spec.names, options.env.PATH);
  if (onPath) return { path: onPath, source: 'path' };
  if (kind === 'rg') {
    const bundled = (options.bundled ?? bundledRipgrep)();
    if (bundled) return { path: bundled, source: 'bundled' };
  }
  const reason = message('live.not_on_path', { names: spec.names.join(', ') }, options.locale);
  throw liveError('UNAVAILABLE', spec.missing, { reason }, options.locale);
}

export function parseVersion(text: string): number[] | null {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match ? match.slice(1, 4).map(Number) : null;
}

export function versionAtLeast(found: readonly number[], min: readonly number[]): boolean {
  for (let i = 0; i < min.length; i++) {
    const a = found[i] ?? 0;
    const b = min[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

const probed = new Map<string, Promise<number[]>>();

async function probeVersion(file: string): Promise<number[]> {
  let text = '';
  const outcome = await runProcess({
    // Outside the process queue: once per binary per process, and a busy queue must not read as "not installed".
    command: file, args: ['--version'], timeoutMs: LIVE.versionProbeTimeoutMs, separator: '\n', slots: null,
    onRecord: (line) => { text += `${line}\n`; },
  });
  const version = parseVersion(text);
  if (outcome.code !== 0 || !version) throw new Error(`"${file} --version" printed no version (exit ${outcome.code})`);
  return version;
}

/** Locates and version-checks a binary; the probe runs once per path per process. */
export async function resolveBinary(kind: BinaryKind, options: LocateOptions): Promise<Binary> {
  const spec = SPEC[kind];
  const located = locateBinary(kind, options);
  let pending = probed.get(located.path);
  if (!pending) {
    pending = probeVersion(located.path);
    probed.set(located.path, pending);
    pending.catch(() => probed.delete(located.path));
  }
  let version: number[];
  try {
    version = await pending;
  } catch (error) {
    throw liveError('UNAVAILABLE', spec.missing, { reason: (error as Error).message }, options.locale);
  }
  if (!versionAtLeast(version, spec.min)) {
    throw liveError('UNAVAILABLE', 'live.version_too_old', {
      tool: spec.label, found: version.join('.'), path: located.path, min: spec.min.join('.'), env: spec.env,
    }, options.locale);
  }
  return { kind, path: located.path, version, source: located.source };
}
