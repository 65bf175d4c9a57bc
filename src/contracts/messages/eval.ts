/**
 * @module contracts/messages/eval
 * Messages of the relevance evaluations (`npm run eval:cosqa`, `npm run eval:swebench`, `npm run eval:commits`): where the data
 * is expected and what is wrong with it, so a broken copy is never scored.
 */
import type { Catalogue } from './catalogue.js';

export const evalMessages = {
  'eval.data_missing': {
    en: 'CoSQA data not found: {file} is missing. Pass the folder holding code_idx_map.txt and cosqa-retrieval-{dev,test}-500.json: npm run eval:cosqa -- DIR',
  },
  'eval.data_invalid': {
    en: 'CoSQA data in {file} is not usable: {reason}',
  },
  'eval.usage': {
    en: 'Usage: npm run eval:cosqa -- [DIR] [--split dev|test|both] [--window N] [--json]. {reason}',
  },
  'eval.swebench_usage': {
    en: 'Usage: npm run eval:swebench -- --repos DIR [--data FILE] [--only REPO,...] [--instances ID,...] [--every N] [--no-baseline] [--json] [--dump FILE]. {reason}',
  },
  'eval.swebench_data_missing': {
    en: 'SWE-bench Lite data not found: {file} is missing. Pass it with --data FILE.',
  },
  'eval.swebench_data_invalid': {
    en: 'SWE-bench Lite data in {file} is not usable: {reason}',
  },
  'eval.commits_usage': {
    en: 'Usage: npm run eval:commits -- --repos DIR [--data FILE] [--split dev|held|all] [--only REPO,...] [--instances ID,...] [--every N] [--json] [--dump FILE]. {reason}',
  },
  'eval.commits_data_missing': {
    en: 'Commit set not found: {file} is missing. Pass it with --data FILE, or build it with bench/commit-set-select.ts.',
  },
  'eval.commits_data_invalid': {
    en: 'Commit set in {file} is not usable: {reason}',
  },
} satisfies Catalogue;
