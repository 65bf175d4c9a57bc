/**
 * @module bench/commit-set-args
 * The command line of `npm run eval:commits`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QuarryError } from '../src/contracts/errors.js';
import { message } from '../src/contracts/messages/index.js';
import { COMMIT_SPLITS, type CommitSplit } from './commit-set-data.js';
import { COMMIT_SET } from './commit-set-settings.js';

const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface CommitEvalArgs {
  repos: string;
  data: string;
  split: CommitSplit;
  only: string[] | null;
  instances: string[] | null;
  every: number;
  json: boolean;
  dump: string | null;
}

function usage(reason: string): QuarryError {
  return new QuarryError('INVALID_ARGUMENT', message('eval.commits_usage', { reason }));
}

const list = (value: string) => value.split(',').map((s) => s.trim()).filter((s) => s !== '');

export function parseCommitEvalArgs(argv: readonly string[]): CommitEvalArgs {
  const args: CommitEvalArgs = {
    repos: '', data: path.resolve(PROJECT_ROOT, COMMIT_SET.dataFile), split: 'dev', only: null, instances: null, every: 1, json: false, dump: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw usage(`${arg} needs a value.`);
      return v;
    };
    if (arg === '--repos') args.repos = path.resolve(value());
    else if (arg === '--data') args.data = path.resolve(value());
    else if (arg === '--split') {
      const split = value();
      if (!(COMMIT_SPLITS as readonly string[]).includes(split)) throw usage(`--split takes ${COMMIT_SPLITS.join(', ')}.`);
      args.split = split as CommitSplit;
    } else if (arg === '--only') args.only = list(value());
    else if (arg === '--instances') args.instances = list(value());
    else if (arg === '--every') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1) throw usage('--every takes a whole number of at least 1.');
      args.every = n;
    } else if (arg === '--json') args.json = true;
    else if (arg === '--dump') args.dump = path.resolve(value());
    else throw usage(`Unexpected argument ${JSON.stringify(arg)}.`);
  }
  if (args.repos === '') throw usage('--repos DIR is required.');
  return args;
}
