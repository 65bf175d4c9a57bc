/**
 * @module contracts/messages/eval
 * Messages of the relevance evaluation (`npm run eval:cosqa`): where the data
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
} satisfies Catalogue;
