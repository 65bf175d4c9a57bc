/**
 * @module bench/eval-cosqa
 * `npm run eval:cosqa -- [DIR] [--split dev|test|both] [--window N] [--json]`
 * Measures search_code's ranking on the CoSQA retrieval sets: MRR, Acc@1 and
 * Acc@10 of the gold function among all 6,267, per split, with index and
 * query timings. DIR defaults to ../shared/data/cosqa from the project root;
 * the data is read there and the functions written only to a temp folder.
 * Tune on dev; test is for reporting.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVAL_COSQA } from './eval-settings.js';
import { QuarryError, isQuarryError } from '../src/contracts/errors.js';
import { message } from '../src/contracts/messages/index.js';
import { COSQA_SPLITS, loadCosqa, type CosqaSplit } from './cosqa-data.js';
import { evaluateQueries, indexCorpus, type SplitResult } from './cosqa-eval.js';

const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));

interface EvalArgs {
  dir: string;
  splits: CosqaSplit[];
  window: number;
  json: boolean;
}

function usage(reason: string): QuarryError {
  return new QuarryError('INVALID_ARGUMENT', message('eval.usage', { reason }));
}

export function parseEvalArgs(argv: readonly string[]): EvalArgs {
  const args: EvalArgs = { dir: path.resolve(PROJECT_ROOT, EVAL_COSQA.defaultDataDir), splits: [...COSQA_SPLITS], window: EVAL_COSQA.windowDefault, json: false };
  let dirSeen = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') args.json = true;
    else if (arg === '--split') {
      const value = argv[++i];
      if (value === 'both') args.splits = [...COSQA_SPLITS];
      else if ((COSQA_SPLITS as readonly string[]).includes(value ?? '')) args.splits = [value as CosqaSplit];
      else throw usage(`--split takes dev, test or both, not ${JSON.stringify(value ?? '')}.`);
    } else if (arg === '--window') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 0) throw usage('--window takes a whole number (0 = every result).');
      args.window = value;
    } else if (arg.startsWith('--') || dirSeen) throw usage(`Unexpected argument ${JSON.stringify(arg)}.`);
    else { args.dir = path.resolve(arg); dirSeen = true; }
  }
  return args;
}

const pct = (x: number) => (100 * x).toFixed(1).padStart(5);

function printText(dir: string, indexed: { functions: number; chunks: number; seconds: number }, results: Map<CosqaSplit, SplitResult>): string {
  const [k1, k2] = EVAL_COSQA.accuracyAt;
  const lines = [
    `data     ${dir}`,
    `index    ${indexed.functions} functions, ${indexed.chunks} chunks, built in ${indexed.seconds.toFixed(1)} s`,
    'ranks    MRR and Acc@k over every function (rank = place among distinct files, not found = 0)',
    '',
    `split  queries    MRR   Acc@${k1}  Acc@${k2}  found   all hits p50/p95 ms   first page p50/p95 ms`,
  ];
  for (const [split, r] of results) {
    lines.push(`${split.padEnd(5)}  ${String(r.queries).padStart(7)}  ${r.mrr.toFixed(4)}  ${pct(r.accuracyAt[k1]!)}  ${pct(r.accuracyAt[k2]!).padStart(6)}  ${String(r.found).padStart(5)}  ${r.msP50.toFixed(1).padStart(9)} /${r.msP95.toFixed(1).padStart(7)}  ${r.pageMsP50.toFixed(1).padStart(11)} /${r.pageMsP95.toFixed(1).padStart(7)}`);
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const args = parseEvalArgs(process.argv.slice(2));
  const data = loadCosqa(args.dir, { corpusSize: EVAL_COSQA.corpusSize, queriesPerSplit: EVAL_COSQA.queriesPerSplit });
  const started = performance.now();
  const index = await indexCorpus(data.corpus);
  const seconds = (performance.now() - started) / 1000;
  try {
    const results = new Map<CosqaSplit, SplitResult>();
    for (const split of args.splits) {
      results.set(split, await evaluateQueries(index.store, data.splits[split], { window: args.window, cutoffs: EVAL_COSQA.accuracyAt }));
    }
    const indexed = { functions: data.corpus.length, chunks: index.summary.chunks, seconds };
    if (args.json) {
      const splits = Object.fromEntries([...results].map(([split, { outcomes, ...summary }]) => [split, { ...summary, ranks: outcomes.map((o) => o.rank) }]));
      process.stdout.write(`${JSON.stringify({ data: args.dir, index: indexed, window: args.window, splits })}\n`);
    } else {
      process.stdout.write(printText(args.dir, indexed, results));
    }
  } finally {
    index.dispose();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${isQuarryError(error) ? `${error.code}: ${error.message}` : String((error as Error).stack ?? error)}\n`);
  process.exit(isQuarryError(error) && error.code === 'INVALID_ARGUMENT' ? 2 : 1);
});
