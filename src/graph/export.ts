/**
 * @module graph/export
 * Writes the index's symbol graph for Neo4j: `csv` gives nodes.csv,
 * edges.csv and a load.cypher of LOAD CSV statements; `cypher` gives one
 * script of MERGE statements for cypher-shell. Nodes: File, Symbol (a
 * definition), Module (an import target) and Name (a callee or base type
 * with no definition in the index). Edges: DEFINES, CALLS, EXTENDS,
 * IMPLEMENTS, IMPORTS; a name resolves to every definition of that name.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { GraphRows, Store } from '../store/store.js';

interface Node { id: string; label: 'File' | 'Symbol' | 'Module' | 'Name'; name: string; kind: string; path: string; start_line: number | ''; end_line: number | '' }
interface Rel { source: string; target: string; type: string; path: string; line: number | '' }

/** Reads the index's graph rows (one consistent view) and builds the export's nodes and edges. */
export async function collectGraph(store: Store): Promise<{ nodes: Node[]; rels: Rel[] }> {
  return graphOf(await store.read((reader) => reader.graphRows()));
}

function graphOf({ files, symbols, edges }: GraphRows): { nodes: Node[]; rels: Rel[] } {
  const nodes: Node[] = [];
  const rels: Rel[] = [];
  const fileKey = new Map<number, string>();
  const filePath = new Map(files.map((f) => [f.id, f.path]));
  for (const f of files) {
    const id = `file:${f.repository}/${f.path}`;
    fileKey.set(f.id, id);
    nodes.push({ id, label: 'File', name: f.path, kind: f.language, path: f.path, start_line: '', end_line: '' });
  }
  const byName = new Map<string, string[]>();
  const byQualified = new Map<string, string[]>();
  for (const sym of symbols) {
    const id = `sym:${sym.id}`;
    const qualified = sym.container ? `${sym.container}.${sym.name}` : sym.name;
    const file = filePath.get(sym.file_id) ?? '';
    nodes.push({ id, label: 'Symbol', name: qualified, kind: sym.kind, path: file, start_line: sym.start_line, end_line: sym.end_line });
    rels.push({ source: fileKey.get(sym.file_id)!, target: id, type: 'DEFINES', path: file, line: sym.start_line });
    byName.set(sym.name, [...(byName.get(sym.name) ?? []), id]);
    byQualified.set(`${sym.file_id}\0${qualified}`, [...(byQualified.get(`${sym.file_id}\0${qualified}`) ?? []), id]);
  }
  const external = new Map<string, string>();
  const outside = (label: 'Module' | 'Name', name: string) => {
    const key = `${label}:${name}`;
    if (!external.has(key)) {
      external.set(key, `${label.toLowerCase()}:${name}`);
      nodes.push({ id: external.get(key)!, label, name, kind: label.toLowerCase(), path: '', start_line: '', end_line: '' });
    }
    return external.get(key)!;
  };
  for (const e of edges) {
    const sources = (e.from_name && byQualified.get(`${e.file_id}\0${e.from_name}`)) || [fileKey.get(e.file_id)!];
    const targets = e.kind === 'IMPORTS' ? [outside('Module', e.to_name)] : byName.get(e.to_name) ?? [outside('Name', e.to_name)];
    for (const source of sources) for (const target of targets) rels.push({ source, target, type: e.kind, path: e.path, line: e.line });
  }
  return { nodes, rels };
}

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function cypherString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

export function writeCsv(graph: { nodes: Node[]; rels: Rel[] }, outDir: string): string[] {
  fs.mkdirSync(outDir, { recursive: true });
  const nodeLines = ['id,label,name,kind,path,start_line,end_line', ...graph.nodes.map((n) => [n.id, n.label, n.name, n.kind, n.path, n.start_line, n.end_line].map(csvField).join(','))];
  const relLines = ['source,target,type,path,line', ...graph.rels.map((r) => [r.source, r.target, r.type, r.path, r.line].map(csvField).join(','))];
  // Plain Cypher cannot take a label or relationship type from a column, so each gets its own statement.
  const load = [
    "// Copy nodes.csv and edges.csv into Neo4j's import folder, then: cypher-shell -f load.cypher",
    'CREATE CONSTRAINT quarry_node_id IF NOT EXISTS FOR (n:QuarryNode) REQUIRE n.id IS UNIQUE;',
    ...['File', 'Symbol', 'Module', 'Name'].map((label) => [
      `LOAD CSV WITH HEADERS FROM 'file:///nodes.csv' AS row WITH row WHERE row.label = '${label}'`,
      `MERGE (n:QuarryNode {id: row.id}) SET n:${label}, n.name = row.name, n.kind = row.kind, n.path = row.path,`,
      '  n.start_line = toInteger(row.start_line), n.end_line = toInteger(row.end_line);',
    ].join('\n')),
    ...['DEFINES', 'CALLS', 'EXTENDS', 'IMPLEMENTS', 'IMPORTS'].map((type) => [
      `LOAD CSV WITH HEADERS FROM 'file:///edges.csv' AS row WITH row WHERE row.type = '${type}'`,
      'MATCH (a:QuarryNode {id: row.source}), (b:QuarryNode {id: row.target})',
      `MERGE (a)-[:${type} {line: toInteger(row.line)}]->(b);`,
    ].join('\n')),
  ];
  const files = { 'nodes.csv': nodeLines, 'edges.csv': relLines, 'load.cypher': load };
  for (const [name, lines] of Object.entries(files)) fs.writeFileSync(path.join(outDir, name), `${lines.join('\n')}\n`);
  return Object.keys(files).map((name) => path.join(outDir, name));
}

export function toCypher(graph: { nodes: Node[]; rels: Rel[] }): string {
  const out = ['CREATE CONSTRAINT quarry_node_id IF NOT EXISTS FOR (n:QuarryNode) REQUIRE n.id IS UNIQUE;'];
  for (const n of graph.nodes) {
    const props = [`name: ${cypherString(n.name)}`, `kind: ${cypherString(n.kind)}`, `path: ${cypherString(n.path)}`];
    if (n.start_line !== '') props.push(`start_line: ${n.start_line}`, `end_line: ${n.end_line}`);
    out.push(`MERGE (n:QuarryNode {id: ${cypherString(n.id)}}) SET n:${n.label}, n += {${props.join(', ')}};`);
  }
  for (const r of graph.rels) {
    out.push(`MATCH (a:QuarryNode {id: ${cypherString(r.source)}}), (b:QuarryNode {id: ${cypherString(r.target)}}) MERGE (a)-[:${r.type} {path: ${cypherString(r.path)}, line: ${r.line === '' ? 'null' : r.line}}]->(b);`);
  }
  return `${out.join('\n')}\n`;
}
