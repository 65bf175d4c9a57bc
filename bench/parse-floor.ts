/**
 * @module bench/parse-floor
 * `npm run bench:parse -- DIR [--json]`
 * The floor that parsing puts under "symbols and graph finished": every file of DIR
 * that the index would parse, parsed and its definitions and edges extracted exactly as a
 * prepare worker does (ingest/prepare-file parseSymbols), in this one thread, with nothing
 * written. Its CPU time divided by the cores is the least a build can take for its symbols,
 * however the rest of the build is arranged. ripgrep's time for one literal over the same tree
 * is printed beside it, from the same run. The load average is printed at the start and the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { languageForFile } from '../src/contracts/languages.js';
import { INGEST } from '../src/contracts/limits.js';
import { decodeFile } from '../src/text/decode.js';
import { parseSymbols } from '../src/ingest/prepare-file.js';
import { loadParsers } from '../src/ingest/symbols/parsers.js';
import { walkFolder } from '../src/ingest/walk.js';
import { loadAverage } from './harness/load-average.js';
import { ripgrep } from './kernel/external.js';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--'));
  if (!dir) {
    process.stderr.write('usage: npm run bench:parse -- DIR [--json]\n');
    process.exit(2);
  }
  const root = path.resolve(dir);
  const loadAtStart = loadAverage();
  const parsers = await loadParsers();
  const walked = walkFolder(root, { maxFileBytes: INGEST.maxFileBytesDefault, previous: new Map() });
  let files = 0, bytes = 0, definitions = 0, edges = 0, cpuMicros = 0;
  for (const entry of walked.files) {
    const raw = fs.readFileSync(entry.absPath);
    const decoded = decodeFile(raw);
    if (!decoded) continue;
    const language = languageForFile(entry.relPath, decoded.text.split('\n', 1)[0]);
    if (!language || !parsers.forFile(language, entry.relPath)) continue;
    // Reading and decoding are left out: only the parse and the extraction are the floor.
    const cpu = process.cpuUsage();
    const symbols = parseSymbols(parsers, language, entry.relPath, decoded.text);
    const used = process.cpuUsage(cpu);
    cpuMicros += used.user + used.system;
    if (!symbols) continue;
    files++;
    bytes += raw.length;
    definitions += symbols.definitions.length;
    edges += symbols.edges.length;
  }
  const rg = ripgrep(root, ['-F', 'kmalloc_array']);
  const cores = os.availableParallelism();
  const cpuSeconds = cpuMicros / 1e6;
  const report = {
    tree: root, files_walked: walked.files.length, files_parsed: files, mb_parsed: bytes / 1e6, definitions, edges,
    parse_cpu_s: cpuSeconds, parse_mb_per_s: bytes / 1e6 / cpuSeconds, cores, floor_s: cpuSeconds / cores,
    rg_ms: rg.ms, floor_vs_rg: (cpuSeconds / cores) * 1000 / rg.ms, load_start: loadAtStart, load_end: loadAverage(),
  };
  if (args.includes('--json')) {
    process.stdout.write(`${JSON.stringify(report)}\n`);
    return;
  }
  const f = (n: number, digits = 1) => n.toFixed(digits);
  process.stdout.write([
    `tree     ${root}: ${walked.files.length} files walked, ${files} parsed (${f(report.mb_parsed)} MB); ${cores} cores`,
    `load     ${loadAtStart} at start, ${report.load_end} at end`,
    `parse    ${f(cpuSeconds)} s of CPU in one thread (${f(report.parse_mb_per_s)} MB/s): ${definitions} definitions, ${edges} edges`,
    `floor    ${f(report.floor_s)} s on ${cores} cores, with every core parsing and nothing else done`,
    `rg       ${f(rg.ms, 0)} ms for one literal over the same tree (the floor is ${f(report.floor_vs_rg, 0)}x that)`,
  ].join('\n') + '\n');
}

await main();
