import { describe, expect, it } from 'vitest';
import { formatReport, runFuzz, type FuzzReport } from './fuzz/run-fuzz.js';

// A fixed-seed slice of `npm run fuzz`: 200 hostile inputs through MCP (HTTP
// and stdio), REST and one `quarry call`, against the built CLI.
let report: FuzzReport;

describe('fuzz slice (seed 20251)', () => {
  it('sends 200 generated inputs to every tool through every door', async () => {
    report = await runFuzz({ seed: 20251, inputs: 200, seconds: 120, concurrency: 4, cliEvery: 200, sourceBytes: 500_000 });
    console.log(formatReport(report));
    expect(report.tally.inputs).toBe(200);
    expect(report.tools).toEqual(expect.arrayContaining(['search_code', 'find_references', 'list_files', 'search_content', 'find_and_grep', 'search-medicine']));
    expect(Object.keys(report.tally.byDoor)).toEqual(expect.arrayContaining(['mcp-http', 'rest-tool', 'mcp-stdio', 'rest-search', 'cli']));
  }, 180_000);

  it('never crashes a server or a transport', () => {
    expect(report.tally.examples.crash).toEqual([]);
  });

  it('never leaks a file from outside the root, nor writes one there', () => {
    expect(report.tally.examples.escape).toEqual([]);
  });

  it('runs the fixed classes: special files, uploads, event streams (and PostgreSQL inputs when it answers)', () => {
    const names = report.classes.map((c) => c.name);
    for (const word of ['special files', 'uploads', 'event streams']) expect(names.some((n) => n.includes(word)), word).toBe(true);
    for (const c of report.classes) expect(c.tried, c.name).toBeGreaterThan(0);
  });

  // Internal errors and over-budget answers are asserted by `npm run fuzz`
  // only until the fixes for them land on main; this slice widens then.
});
