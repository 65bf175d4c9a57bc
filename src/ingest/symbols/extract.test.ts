import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../contracts/languages.js';
import { extractSymbols, type FileSymbols } from './extract.js';
import { loadParsers, type Parsers } from './parsers.js';
import { chunkByDefinitions, coalesceChunks } from './chunk-by-definition.js';
import { splitLines } from '../../text/chunk.js';

let parsers: Parsers;
beforeAll(async () => { parsers = await loadParsers(); });

function extract(language: Language, file: string, code: string): FileSymbols {
  const grammar = parsers.forFile(language, file)!;
  const tree = grammar.parser.parse(code)!;
  try { return extractSymbols(tree, grammar.spec); } finally { tree.delete(); }
}

const names = (s: FileSymbols) => s.definitions.map((d) => `${d.kind} ${d.container ? `${d.container}.` : ''}${d.name}`);
const edges = (s: FileSymbols, kind: string) => s.edges.filter((e) => e.kind === kind).map((e) => `${e.from ?? '-'}>${e.to}`);

describe('symbols and edges per language', () => {
  it.each<[Language, string, string, string[], string[], string[]]>([
    ['typescript', 'a.ts', 'import { x } from "./dep";\nexport class Repo extends Base implements Store {\n  save(item: Item) { return persist(item); }\n}\nexport const handler = async () => { Repo.create(); };\ninterface Store {}\n',
      ['class Repo', 'method Repo.save', 'function handler', 'interface Store'], ['Repo.save>persist', 'handler>create'], ['Repo>Base']],
    ['javascript', 'a.js', 'const fs = require("fs");\nclass A extends B { m() { helper(); } }\nfunction helper() { return fs.readFileSync("x"); }\n',
      ['class A', 'method A.m', 'function helper'], ['A.m>helper', 'helper>readFileSync', '->require'], ['A>B']],
    ['typescript', 'View.tsx', 'export function View() { return <div onClick={() => track()}>hi</div>; }\n', ['function View'], ['View>track'], []],
    ['python', 'a.py', 'import os\nfrom app.db import connect\n\nclass Service(Base):\n    def run(self):\n        return connect(os.getcwd())\n\ndef main():\n    Service().run()\n',
      ['class Service', 'method Service.run', 'function main'], ['Service.run>connect', 'Service.run>getcwd', 'main>Service', 'main>run'], ['Service>Base']],
    ['go', 'a.go', 'package main\n\nimport "fmt"\n\ntype Server struct{}\n\nfunc (s *Server) Start() { fmt.Println(listen()) }\n\nfunc listen() int { return 1 }\n',
      ['struct Server', 'method Start', 'function listen'], ['Start>Println', 'Start>listen'], []],
    ['rust', 'a.rs', 'use std::io;\nstruct Point;\ntrait Shape { fn area(&self) -> f64; }\nimpl Shape for Point { fn area(&self) -> f64 { compute(1.0) } }\nfn compute(x: f64) -> f64 { println!("{}", x); x }\n',
      ['struct Point', 'trait Shape', 'impl Point', 'method Point.area', 'function compute'], ['Point.area>compute', 'compute>println'], []],
    ['java', 'A.java', 'import java.util.List;\npublic class A extends B implements C {\n  public A() { init(); }\n  void run() { helper.doWork(); }\n}\n',
      ['class A', 'method A.A', 'method A.run'], ['A.A>init', 'A.run>doWork'], ['A>B']],
    ['c', 'a.c', '#include <stdio.h>\nstruct point { int x; };\nstatic int helper(int a) { return a; }\nint main(void) { printf("%d", helper(1)); return 0; }\n',
      ['struct point', 'function helper', 'function main'], ['main>printf', 'main>helper'], []],
    ['cpp', 'a.cpp', '#include "x.h"\nclass Widget : public Base { void draw(); };\nvoid Widget::draw() { render(); obj.paint(); }\nnamespace ui { int f() { return g(); } }\n',
      ['class Widget', 'function draw', 'module ui', 'function ui.f'], ['draw>render', 'draw>paint', 'ui.f>g'], ['Widget>Base']],
    ['csharp', 'A.cs', 'using System;\nnamespace App { class A : B { void M() { Foo(); x.Bar(); } } }\n',
      ['module App', 'class App.A', 'method App.A.M'], ['App.A.M>Foo', 'App.A.M>Bar'], ['App.A>B']],
    ['ruby', 'a.rb', 'require "json"\nclass A < B\n  def m\n    helper(1)\n  end\nend\n', ['class A', 'method A.m'], ['A.m>helper'], ['A>B']],
    ['php', 'a.php', '<?php\nclass X extends Y implements Z { function m() { foo(); $this->bar(); } }\nfunction f() {}\n',
      ['class X', 'method X.m', 'function f'], ['X.m>foo', 'X.m>bar'], ['X>Y']],
    ['kotlin', 'a.kt', 'class A : B() {\n  fun foo(x: Int): Int { return bar(x) }\n}\n', ['class A', 'method A.foo'], ['A.foo>bar'], ['A>B']],
    ['swift', 'a.swift', 'class A: B {\n  func foo() { bar(1) }\n}\n', ['class A', 'method A.foo'], ['A.foo>bar'], ['A>B']],
    ['scala', 'a.scala', 'class A extends B {\n  def foo(x: Int) = bar(x)\n}\n', ['class A', 'method A.foo'], ['A.foo>bar'], ['A>B']],
    ['bash', 'a.sh', 'deploy() {\n  build_it\n  echo done\n}\n', ['function deploy'], ['deploy>build_it', 'deploy>echo'], []],
  ])('%s %s', (language, file, code, defs, calls, extendsEdges) => {
    const symbols = extract(language, file, code);
    expect(names(symbols)).toEqual(expect.arrayContaining(defs));
    expect(edges(symbols, 'CALLS')).toEqual(expect.arrayContaining(calls.filter((c) => !c.startsWith('-'))));
    expect(edges(symbols, 'EXTENDS')).toEqual(expect.arrayContaining(extendsEdges));
  });

  it.each<[Language, string, string, string[]]>([
    ['typescript', 'a.ts', 'import Def, { Foo, Bar as Baz, type Qux } from "./foo";\nimport * as ns from "./ns";\nimport "./side";\n', ['->./foo', '->Def', '->Foo', '->Bar', '->Qux', '->./ns', '->./side']],
    ['python', 'a.py', 'from foo import Foo, Bar as B\nfrom x import *\nfrom m import (P,\n Q)\n', ['->foo', '->Bar', '->x', '->m', '->P', '->Q']],
    ['java', 'A.java', 'import java.util.List;\nimport java.util.*;\nimport static a.B.meth;\n', ['->java.util.List', '->List', '->java.util.*', '->a.B.meth', '->meth']],
    ['kotlin', 'a.kt', 'import a.b.Foo\nimport a.b.*\nimport a.b.Bar as Z\n', ['Foo', 'Bar']],
    ['scala', 'a.scala', 'import a.b.Foo\nimport a.b.{C, D => E}\nimport a.b._\n', ['Foo', 'C', 'D']],
    ['php', 'a.php', '<?php\nuse App\\Models\\User;\nuse App\\X as Y;\n', ['User', 'X']],
    ['rust', 'a.rs', 'use std::io;\nuse a::b::{Foo, Bar as Z, self, c::*};\nuse crate::x::Y as W;\n', ['io', 'Foo', 'Bar', 'Y']],
    // from foo import Foo: no edge to Foo, the module edge foo already matches it (names compare case-insensitively).
  ])('records the names a %s import brings in, besides the module', (language, file, code, expected) => {
    const imports = edges(extract(language, file, code), 'IMPORTS');
    if (expected[0]!.startsWith('->')) expect(imports).toEqual(expected);
    else expect(imports).toEqual(expect.arrayContaining(expected.map((name) => `->${name}`)));
    // Aliases, wildcards and namespace bindings are not names of the imported module.
    for (const local of ['Baz', 'B', 'Z', 'E', 'W', 'Y', 'ns', '*', '_', 'self']) {
      if (!expected.includes(local) && !expected.includes(`->${local}`)) expect(imports).not.toContain(`->${local}`);
    }
  });

  it('records imports', () => {
    expect(edges(extract('python', 'a.py', 'import os\nfrom app.db import connect\n'), 'IMPORTS')).toEqual(['->os', '->app.db', '->connect']);
    expect(edges(extract('typescript', 'a.ts', 'import { x } from "./dep";\n'), 'IMPORTS')).toEqual(['->./dep', '->x']);
    expect(edges(extract('go', 'a.go', 'package m\nimport (\n "fmt"\n "net/http"\n)\n'), 'IMPORTS')).toEqual(['->fmt', '->net/http']);
    expect(edges(extract('c', 'a.c', '#include <stdio.h>\n#include "local.h"\n'), 'IMPORTS')).toEqual(['->stdio.h', '->local.h']);
  });

  it('keeps going through syntax errors (macro-heavy C)', () => {
    const symbols = extract('c', 'a.c', '#define X(a) a {\nX(1) }}} \nint ok(void) { return fine(); }\nstatic int also(void) { ok(); }\n');
    expect(names(symbols)).toEqual(expect.arrayContaining(['function ok', 'function also']));
  });
});

/** Chunks follow each other with no gap or overlap, from line 1 to the last line. */
function expectEveryLineOnce(chunks: readonly { startLine: number; endLine: number }[], lineCount: number): void {
  let next = 1;
  for (const c of chunks) {
    expect(c.startLine).toBe(next);
    next = c.endLine + 1;
  }
  expect(next).toBe(lineCount + 1);
}

describe('chunking along definitions', () => {
  it('makes each function a chunk named after it, with its doc comment, and still covers every line once', () => {
    const body = (n: number, indent = '    ') => Array.from({ length: n }, (_, i) => `${indent}value = value + ${i}`).join('\n');
    const code = `import os\n\n# Loads things.\ndef load(path):\n    value = 0\n${body(30)}\n    return value\n\n\nclass Store:\n    def get(self):\n${body(45, '        ')}\n        return 1\n\n    def put(self):\n${body(45, '        ')}\n        return 2\n`;
    const symbols = extract('python', 'a.py', code);
    const lines = splitLines(code);
    const chunks = coalesceChunks(chunkByDefinitions(lines, symbols.definitions));
    expectEveryLineOnce(chunks, lines.length);
    const load = chunks.find((c) => c.content.includes('def load'))!;
    expect(load.symbol).toBe('load');
    expect(load.content).toContain('# Loads things.\ndef load(path):');
    expect(chunks.map((c) => c.symbol)).toEqual(expect.arrayContaining(['Store.get', 'Store.put']));
  });

  it('chunks a minified file (thousands of definitions on one line) without deep recursion, covering every line once', () => {
    const code = `${Array.from({ length: 12_000 }, (_, i) => `function f${i}(a){return a+${i}};`).join('')}\nconst tail = 1;\n`;
    const symbols = extract('javascript', 'app.min.js', code);
    expect(symbols.definitions.length).toBeGreaterThan(10_000);
    const lines = splitLines(code);
    const chunks = coalesceChunks(chunkByDefinitions(lines, symbols.definitions));
    expectEveryLineOnce(chunks, lines.length);
  });
});
