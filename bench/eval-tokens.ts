/**
 * @module bench/eval-tokens
 * `npm run eval:tokens -- [DIR] [--cases c|ts] [--index FILE] [--cli FILE] [--json]`
 * Measures what a model reads of each tool and detail level, in o200k
 * tokens (js-tiktoken), through a real MCP client against `quarry mcp` on a
 * fixed tree, and prints a markdown table (JSON reply against text content)
 * and the targets. DIR defaults to /usr/include/linux (the kernel's
 * UAPI headers, case set `c`); `--cases ts` fits this repository. `--cli`
 * measures another build (e.g. main's dist/cli/main.js) for a before/after.
 * Every run also prints what the default `tools/list` costs an agent at the
 * start of each session; `--tools-list` prints only that, for the default
 * groups and for each group set an agent may ask for, without indexing.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASE_SETS, connectQuarry, markdownTable, measureAll, targetLines, toolListLine, toolListTokens, type ToolListCost } from './token-eval.js';

const DEFAULT_CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));

interface Args {
  dir: string;
  cases: keyof typeof CASE_SETS;
  index: string | null;
  cli: string;
  json: boolean;
  toolsList: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { dir: '/usr/include/linux', cases: 'c', index: null, cli: DEFAULT_CLI, json: false, toolsList: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--json') args.json = true;
    else if (arg === '--tools-list') args.toolsList = true;
    else if (arg === '--cases') {
      const set = value();
      if (!(set in CASE_SETS)) throw new Error(`--cases takes ${Object.keys(CASE_SETS).join(' or ')}, not ${set}`);
      args.cases = set as Args['cases'];
    } else if (arg === '--index') args.index = path.resolve(value());
    else if (arg === '--cli') args.cli = path.resolve(value());
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else args.dir = path.resolve(arg);
  }
  return args;
}

/** An index outside DIR (which may be read-only, like /usr/include), one per tree and build. */
function defaultIndex(dir: string, cli: string): string {
  const folder = path.join(os.tmpdir(), 'quarry-eval-tokens');
  fs.mkdirSync(folder, { recursive: true });
  const key = createHash('sha256').update(`${dir}\0${cli}`).digest('hex').slice(0, 12);
  return path.join(folder, `${path.basename(dir)}-${key}.db`);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(args.dir)) throw new Error(`no such folder: ${args.dir}`);
  const target = { cli: args.cli, root: args.dir, index: args.index ?? defaultIndex(args.dir, args.cli) };
  if (args.toolsList) {
    const costs = await toolListCosts(target);
    process.stdout.write(args.json ? `${JSON.stringify({ dir: args.dir, cli: args.cli, tools_list: costs }, null, 2)}\n`
      : [`tree     ${args.dir}`, `build    ${args.cli}`, ...costs.map(toolListLine), ''].join('\n'));
    return;
  }
  const client = await connectQuarry(target);
  try {
    const toolList = await toolListTokens(client);
    const rows = await measureAll(client, CASE_SETS[args.cases]);
    if (args.json) {
      process.stdout.write(`${JSON.stringify({ dir: args.dir, cli: args.cli, tools_list: toolList, rows, targets: targetLines(rows) }, null, 2)}\n`);
      return;
    }
    process.stdout.write([
      `tree     ${args.dir} (cases ${args.cases})`,
      `build    ${args.cli}`,
      'tokens   o200k_base (js-tiktoken): JSON = the reply as JSON text; text = the MCP text content a model reads',
      '',
      toolListLine(toolList),
      '',
      markdownTable(rows),
      '',
      ...targetLines(rows),
      '',
    ].join('\n'));
  } finally {
    await client.close();
  }
}

/** tools/list for the default groups and for each set of groups an agent may ask for, from servers that index nothing. */
async function toolListCosts(target: { cli: string; root: string; index: string }): Promise<ToolListCost[]> {
  const costs: ToolListCost[] = [];
  for (const groups of [null, 'code', 'code,live', 'code,live,medicines']) {
    const client = await connectQuarry({ ...target, extraArgs: ['--no-refresh', ...(groups === null ? [] : ['--tools', groups])] });
    try { costs.push(await toolListTokens(client, groups)); } finally { await client.close(); }
  }
  return costs;
}

main().catch((error: unknown) => {
  process.stderr.write(`eval:tokens: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
