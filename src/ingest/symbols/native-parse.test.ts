import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../test-support/cli.js';
import { decodeFile } from '../../text/decode.js';
import { extractSymbols, type FileSymbols } from './extract.js';
import { LANGUAGE_SPECS } from './language-specs.js';
import { nativeGrammar, nativeSymbols, type NativeGrammar } from './native-parse.js';
import { loadParsers, type LoadedGrammar } from './parsers.js';

let wasm: LoadedGrammar;
let native: NativeGrammar;
beforeAll(async () => {
  wasm = (await loadParsers()).forFile('c', 'a.c')!;
  const grammar = nativeGrammar('c', wasm.spec);
  if (!grammar) throw new Error('build/Release/quarry_parse.node did not load: npm ci builds it');
  native = grammar;
});

function wasmSymbols(text: string): FileSymbols {
  const tree = wasm.parser.parse(text)!;
  try { return extractSymbols(tree, wasm.spec); } finally { tree.delete(); }
}

/** C sources written to reach the parts of extraction that read the tree. */
const CASES: Record<string, string> = {
  declarators: 'static int *alloc(size_t n) { return kmalloc(n); }\nint (*handler(int sig))(int) { return do_it(sig); }\nvoid **table(void) { return 0; }\n',
  specifiers: 'struct fwd;\nstruct with { int a; struct inner { int b; } in; };\nunion u { int a; float b; };\nenum e { A, B };\nenum e use(void) { struct fwd *p = get(); return A; }\n',
  callees: 'void f(struct ops *ops) {\n\tops->open(ops);\n\ta.b.c(1);\n\t(*fp)(2);\n\tarr[3](4);\n\tfoo(bar(baz(5)));\n\tMACRO(x)(y);\n}\n',
  macros: '#define X(a) a {\nX(1) }}}\nlist_for_each_entry(pos, head, member) {\n\tfree(pos);\n}\nint ok(void) { return fine(); }\nstatic int also(void) { ok(); }\n',
  knr: 'int old(a, b)\n\tint a;\n\tchar *b;\n{\n\treturn strlen(b) + a;\n}\n',
  includes: '#include <stdio.h>\n#include "local.h"\n#include MACRO_HEADER\n#  include <sys/types.h>\n#include\n',
  nonAscii: '/* Ünïcödé, 中文, and 😀 before the code: positions are UTF-16 units */\nconst char *s = "naïve 😀 ☃";\nint café(void) { return printf("%s", s); }\nint after(void) { return café(); }\n',
  crlf: 'int a(void)\r\n{\r\n\treturn b();\r\n}\r\n',
  broken: 'int half(void) {\n\tif (x) {\n\t\tcall(\n',
  // A MISSING identifier is an empty name, which a callee's search passes over (ncurses' cursesf.h).
  missing: 'class A {\npublic:\n  A()\n    : t(STATIC_CAST(FIELDTYPE*)(0))\n  {\n  }\n};\n',
  empty: '',
};

describe('native tree-sitter (native/quarry_parse.c)', () => {
  it('gives the definitions and edges of web-tree-sitter for the same C', () => {
    for (const [name, code] of Object.entries(CASES)) {
      expect(nativeSymbols(native, code), name).toEqual(wasmSymbols(code));
    }
    // Something was found: the cases are not compared as two empty lists.
    const symbols = nativeSymbols(native, CASES.callees!)!;
    expect(symbols.edges.map((e) => e.to)).toEqual(expect.arrayContaining(['open', 'c', 'foo', 'bar', 'baz']));
    expect(nativeSymbols(native, CASES.nonAscii!)!.definitions.map((d) => d.name)).toEqual(['after']);
  });

  it('gives the same on real C files: the committed kernel headers, this project\'s native sources, the machine\'s C headers', () => {
    const cFiles = (folder: string) => (fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => /\.[ch]$/.test(f)).sort().map((f) => path.join(folder, f)) : []);
    const files = [
      ...cFiles(path.join(PROJECT_ROOT, 'test-fixtures/kernel-uapi/linux')), ...cFiles(path.join(PROJECT_ROOT, 'native')),
      // Debian's C headers (libc and others; ncurses' cursesf.h found the MISSING-identifier case), where installed.
      ...cFiles('/usr/include'),
    ];
    let definitions = 0;
    for (const file of files) {
      const text = decodeFile(fs.readFileSync(file))?.text;
      if (text === undefined) continue;
      const expected = wasmSymbols(text);
      expect(nativeSymbols(native, text), file).toEqual(expected);
      definitions += expected.definitions.length;
    }
    expect(definitions).toBeGreaterThan(40);
  });

  it('holds only the grammars it was built with; other languages stay with web-tree-sitter', () => {
    expect(nativeGrammar('typescript', LANGUAGE_SPECS.typescript!)).toBeNull();
    expect(nativeGrammar('python', LANGUAGE_SPECS.python!)).toBeNull();
  });
});
