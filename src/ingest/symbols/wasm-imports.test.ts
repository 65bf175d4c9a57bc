import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractSymbols } from './extract.js';
import { loadParsers, type Parsers } from './parsers.js';
import { renameFunctionImport } from './wasm-imports.js';

const require = createRequire(import.meta.url);
// Node has the WebAssembly global at run time, but @types/node 20 declares it as a type-only namespace
// (there is no DOM lib here), so the two calls this test makes are declared by hand.
declare const WebAssembly: { Module: { new (bytes: Uint8Array): object; imports(module: object): { kind: string; name: string }[] } };
const grammar = (file: string) => fs.readFileSync(path.join(path.dirname(require.resolve('tree-sitter-wasms/package.json')), 'out', file));
const functionImports = (bytes: Uint8Array) => WebAssembly.Module.imports(new WebAssembly.Module(bytes)).filter((i) => i.kind === 'function').map((i) => i.name);

let parsers: Parsers;
beforeAll(async () => { parsers = await loadParsers(); });

describe('shell scripts the bash grammar used to throw on', () => {
  it.each([
    ['a function echoing a command substitution', 'deploy() {\n  build_it\n  echo "built $(date)"\n}\n'],
    ['a Makefile-style test of one', 'check() {\n  if [ "x$(DOCS_CSS)" != "x" ]; then\n    copy_css\n  fi\n}\n'],
  ])('parses %s and finds its definition and calls', (_name, code) => {
    const g = parsers.forFile('bash', 'a.sh')!;
    const tree = g.parser.parse(code)!;
    try {
      const symbols = extractSymbols(tree, g.spec);
      expect(symbols.definitions.map((d) => d.name)).toEqual([code.slice(0, code.indexOf('('))]);
      expect(symbols.edges.filter((e) => e.kind === 'CALLS').length).toBeGreaterThan(0);
    } finally {
      tree.delete();
    }
  });

  it('points the missing isalpha import of the bash grammar at iswalpha and leaves other grammars as they are', () => {
    const bash = grammar('tree-sitter-bash.wasm');
    expect(functionImports(bash)).toContain('isalpha');
    const patched = functionImports(renameFunctionImport(bash, 'isalpha', 'iswalpha'));
    expect(patched).not.toContain('isalpha');
    expect(patched.filter((n) => n === 'iswalpha')).toHaveLength(2);
    const c = grammar('tree-sitter-c.wasm');
    expect(renameFunctionImport(c, 'isalpha', 'iswalpha')).toBe(c);
  });
});
