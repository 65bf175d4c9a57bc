/**
 * GET /api/example-queries on a real `quarry serve` over a real index: the
 * identifiers the folder defines that the most files call, most first;
 * generic names (`init`), very short ones (`abc`) and names the folder
 * only calls (`console.log`, `JSON.stringify`) left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type ServerProcess } from '../test-support/http-server.js';
import { makeTree } from '../test-support/temp-tree.js';

/** Three callers of formatLabel, two of parseWidget, one of rareHelper; every one also calls init, abc and console.log. */
function tree(): Record<string, string> {
  const files: Record<string, string> = {
    'src/util.ts': [
      'export function formatLabel(x: string): string { return x.trim(); }',
      'export function init(): void {}',
      'export function abc(): number { return 1; }',
      'export function rareHelper(): number { return 2; }',
      '',
    ].join('\n'),
    'src/widget.ts': 'export function parseWidget(text: string): string[] { return text.split(","); }\n',
  };
  for (const [name, calls] of [['a', ['rareHelper()']], ['b', ['parseWidget("x")']], ['c', ['parseWidget("y")']]] as const) {
    files[`src/${name}.ts`] = [
      "import { abc, formatLabel, init, parseWidget, rareHelper } from './util';",
      `export function run_${name}(): void {`,
      '  init();',
      `  console.log(formatLabel('${name}'), abc(), JSON.stringify(${calls.join(', ')}));`,
      '}',
      '',
    ].join('\n');
  }
  return files;
}

describe('quarry serve: example queries from the index', () => {
  let server: ServerProcess;
  beforeAll(async () => { server = await startServe(makeTree(tree()), ['--refresh', 'off']); });
  afterAll(async () => { await server?.stop(); });

  it('offers the names the folder defines that the most files call, most first, skipping generic, short and outside names', async () => {
    const reply = await fetch(`${server.url}/api/example-queries`);
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ queries: ['formatLabel', 'parseWidget', 'rareHelper'] });
    // Asked again, the same answer (kept a minute, not scanned again).
    expect(await (await fetch(`${server.url}/api/example-queries`)).json()).toEqual({ queries: ['formatLabel', 'parseWidget', 'rareHelper'] });
  });
});
