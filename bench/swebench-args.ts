/**
 * @module bench/swebench-args
 * The command line of `npm run eval:swebench` and which instances it picks.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QuarryError } from '../src/contracts/errors.js';
import { EVAL_SWEBENCH } from './eval-settings.js';
import { message } from '../src/contracts/messages/index.js';
import type { SwebenchInstance } from './swebench-data.js';

const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface SwebenchArgs {
  repos: string;
  data: string;
  only: string[] | null;
  instances: string[] | null;
  every: number;
  baseline: boolean;
  json: boolean;
  dump: string | null;
}

function usage(reason: string): QuarryError {
  return new QuarryError('INVALID_ARGUMENT', message('eval.swebench_usage', { reason }));
}

const list = (value: string | undefined) => (value ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');

export function parseSwebenchArgs(argv: readonly string[]): SwebenchArgs {
  const args: SwebenchArgs = {
    repos: '', data: path.resolve(PROJECT_ROOT, EVAL_SWEBENCH.defaultDataFile), only: null, instances: null, every: 1, baseline: true, json: false, dump: null,
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
    else if (arg === '--only') args.only = list(value());
    else if (arg === '--instances') args.instances = list(value());
    else if (arg === '--every') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1) throw usage('--every takes a whole number of at least 1.');
      args.every = n;
    } else if (arg === '--no-baseline') args.baseline = false;
    else if (arg === '--json') args.json = true;
    else if (arg === '--dump') args.dump = path.resolve(value());
    else throw usage(`Unexpected argument ${JSON.stringify(arg)}.`);
  }
  if (args.repos === '') throw usage('--repos DIR is required.');
  return args;
}

/** The instances asked for: by repository (`django` or `django/django`), by id, every Nth of each repository. */
export function selectInstances<T extends Pick<SwebenchInstance, 'id' | 'repo'>>(all: readonly T[], args: Pick<SwebenchArgs, 'only' | 'instances' | 'every'>): T[] {
  const picked = all.filter((x) => (!args.only || args.only.some((r) => x.repo === r || x.repo.split('/')[1] === r))
    && (!args.instances || args.instances.includes(x.id)));
  const seen = new Map<string, number>();
  return picked.filter((x) => {
    const n = seen.get(x.repo) ?? 0;
    seen.set(x.repo, n + 1);
    return n % args.every === 0;
  });
}
