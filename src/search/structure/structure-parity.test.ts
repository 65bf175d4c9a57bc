/**
 * search_structure answers as ast-grep's own command line does: the same
 * patterns and rules run over a committed fixture in five languages (C,
 * Python, TypeScript/TSX, Go, Rust) through Quarry's index and through
 * `ast-grep run --json` / `ast-grep scan --inline-rules --json`, and every
 * match is compared: file, start and end, matched text, single captures.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeStructureParams } from '../../contracts/structure-params.js';
import { PROJECT_ROOT } from '../../test-support/cli.js';
import { indexFixture } from '../../test-support/fixture-index.js';
import type { SqliteIndex } from '../../store/sqlite-index.js';
import { searchStructure } from './structure-search.js';

const run = promisify(execFile);
const FIXTURE = path.join(PROJECT_ROOT, 'test-fixtures', 'structure');
/** The command line's binary, found as its own package finds it. */
const AST_GREP = (createRequire(import.meta.url)('@ast-grep/cli/postinstall.js') as { resolveBinaryPath: () => string }).resolveBinaryPath();

interface Seen { file: string; start: string; end: string; text: string; captures: Record<string, string> }

interface CliMatch {
  file: string; text: string;
  range: { start: { line: number; column: number }; end: { line: number; column: number } };
  metaVariables?: { single: Record<string, { text: string }> };
}

const key = (m: Seen) => `${m.file}@${m.start}`;
const sorted = (all: Seen[]) => [...all].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

async function astGrep(args: string[]): Promise<Seen[]> {
  // ast-grep exits 1 when nothing matched; its JSON (an empty list) is still on stdout.
  const { stdout } = await run(AST_GREP, [...args, '--json=compact', '.'], { cwd: FIXTURE, maxBuffer: 16 << 20 })
    .catch((error: { code?: number; stdout?: string }) => (error.code === 1 && error.stdout ? { stdout: error.stdout } : Promise.reject(error as Error)));
  return sorted((JSON.parse(stdout) as CliMatch[]).map((m) => ({
    file: m.file.replace(/^\.\//, ''),
    start: `${m.range.start.line + 1}:${m.range.start.column + 1}`,
    end: `${m.range.end.line + 1}:${m.range.end.column + 1}`,
    text: m.text,
    captures: Object.fromEntries(Object.entries(m.metaVariables?.single ?? {}).filter(([name]) => !name.startsWith('_')).map(([name, v]) => [name, v.text])),
  })));
}

let store: SqliteIndex;

async function quarry(raw: Record<string, unknown>): Promise<Seen[]> {
  const params = normalizeStructureParams({ max_results: 500, ...raw });
  const found = await store.read((reader) => searchStructure(reader, params));
  expect(found.total).toBe(found.matches.length);
  const singles = new Set((params.pattern ?? '').match(/(?<!\$)\$[A-Z][A-Z0-9_]*/g)?.map((m) => m.slice(1)) ?? []);
  return sorted(found.matches.map((m) => ({
    file: m.file, start: `${m.start.line}:${m.start.column}`, end: `${m.end.line}:${m.end.column}`, text: m.text,
    captures: Object.fromEntries(Object.entries(m.captures).filter(([name]) => singles.has(name) || params.pattern === null)),
  })));
}

const PATTERNS: [string, string][] = [
  ['c', 'kmalloc_array($N, $S, $F)'],
  ['c', 'if ($C == NULL) return $R;'],
  ['c', '$X->items'],
  ['c', 'struct pool *$F($$$A) { $$$B }'],
  ['c', '$A | __GFP_NOWARN'],
  ['python', 'try:\n    $$$B\nexcept Exception:\n    pass'],
  ['python', 'os.path.join($$$A)'],
  ['python', 'def $F(self, $$$P): $$$B'],
  ['python', 'return $X'],
  ['typescript', 'console.log($$$A)'],
  ['typescript', 'JSON.parse($X)'],
  ['typescript', 'this.entries.$M($$$A)'],
  ['tsx', 'useEffect($F)'],
  ['tsx', 'useEffect($F, $D)'],
  ['go', 'fmt.Errorf($F, $$$A)'],
  ['go', 'if $C { return $E }'],
  ['go', 'fmt.Println($$$A)'],
  ['rust', '$X.unwrap()'],
  ['rust', 'fs::read_to_string($P)'],
  ['rust', 'values.insert($K, $V)'],
];

const RULES: [string, Record<string, unknown>][] = [
  ['c', { kind: 'call_expression', has: { kind: 'identifier', regex: '^kfree$' } }],
  ['python', { pattern: 'open($$$A)', inside: { kind: 'try_statement', stopBy: 'end' } }],
  ['typescript', { kind: 'method_definition', has: { pattern: 'console.log($$$A)', stopBy: 'end' } }],
  ['go', { kind: 'if_statement', not: { has: { kind: 'return_statement', stopBy: 'end', has: { kind: 'nil' } } } }],
  ['rust', { any: [{ pattern: '$X.unwrap()' }, { pattern: '$X.expect($M)' }] }],
];

describe('search_structure equals ast-grep on the fixture (C, Python, TypeScript, Go, Rust)', () => {
  beforeAll(async () => {
    store = await indexFixture('structure');
  });

  it.each(PATTERNS)('%s: %s', async (language, pattern) => {
    const expected = await astGrep(['run', '--pattern', pattern, '--lang', language]);
    const got = await quarry({ pattern, language });
    expect(got).toEqual(expected);
  });

  it.each(RULES)('%s rule %j', async (language, rule) => {
    const inline = `id: parity\nlanguage: ${language}\nrule: ${JSON.stringify(rule)}\n`;
    const expected = (await astGrep(['scan', '--inline-rules', inline])).map((m) => ({ ...m, captures: {} }));
    const got = (await quarry({ rule, language })).map((m) => ({ ...m, captures: {} }));
    expect(got).toEqual(expected);
  });

  it('finds something for most patterns, so the comparison is not of empty lists', async () => {
    let nonEmpty = 0;
    for (const [language, pattern] of PATTERNS) if ((await quarry({ pattern, language })).length > 0) nonEmpty++;
    expect(nonEmpty).toBeGreaterThanOrEqual(PATTERNS.length - 2);
  });
});

describe('the index picks the files ast-grep parses', () => {
  beforeAll(async () => {
    store ??= await indexFixture('structure');
  });

  it('parses only the files holding the pattern\'s literal words', async () => {
    const params = normalizeStructureParams({ pattern: 'os.path.join($$$A)', language: 'python' });
    const found = await store.read((reader) => searchStructure(reader, params));
    expect(found.prefilter).toEqual({ mode: 'literal', word: 'join', also: ['path'], files_parsed: 1 });
    expect(found.total).toBe(3);
  });

  it('scans every file of the language when the pattern has no literal word, and says so', async () => {
    const params = normalizeStructureParams({ pattern: '$F($$$A)', language: 'python' });
    const found = await store.read((reader) => searchStructure(reader, params));
    expect(found.prefilter).toEqual({ mode: 'scan', files_parsed: 2 });
    expect(found.total).toBeGreaterThan(10);
  });

  it('stops at its budget with the page found so far, or TIMEOUT with nothing yet: never "found nothing"', async () => {
    const params = normalizeStructureParams({ pattern: '$F($$$A)', language: 'python', max_results: 1 });
    const partial = await store.read((reader) => searchStructure(reader, params, { ms: 60_000, files: 1 }));
    expect(partial).toMatchObject({ total_partial: true, prefilter: { files_parsed: 1 } });
    expect(partial.matches).toHaveLength(1);
    const none = normalizeStructureParams({ pattern: '$A @ $B', language: 'python' });
    await expect(store.read((reader) => searchStructure(reader, none, { ms: 60_000, files: 1 }))).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});
