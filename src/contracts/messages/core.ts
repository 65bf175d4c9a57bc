/**
 * @module contracts/messages/core
 * Messages of the index, the CLI and the tool registry.
 */
import type { Catalogue } from './catalogue.js';

export const coreMessages = {
  'tool.unknown': {
    en: 'Unknown tool "{tool}". Available tools: {available}.',
    cs: 'Neznámý nástroj "{tool}". Dostupné nástroje: {available}.',
    ja: '不明なツール "{tool}" です。利用可能なツール: {available}。',
  },
  'tool.invalid_json': {
    en: 'Arguments must be a JSON object: {reason}',
  },
  'tool.invalid_params': {
    en: 'Invalid parameters: {reason}',
  },
  'index.missing': {
    en: 'No index at {index}. Build it first: quarry index {root}',
  },
  'index.newer_schema': {
    en: 'The index at {index} has schema version {found}, newer than this Quarry ({supported}). Upgrade Quarry or rebuild the index.',
  },
  'index.root_missing': {
    en: 'Folder to index does not exist or is not a directory: {root}',
  },
  'search.timeout': {
    en: 'Search stopped after {ms} ms while verifying candidates. Narrow it with a longer literal, `language` or `repository`.',
  },
  'search.expression_failed': {
    en: 'The search expression could not run ({reason}). This is a Quarry bug: please report the query.',
  },
  'index.worker_stopped': {
    en: 'The index worker stopped (exit code {code})',
  },
  'internal': {
    en: 'Internal error: {reason}',
  },
  'search.could_not_run': {
    en: 'The search could not run. This is a Quarry bug: please report the query.',
    cs: 'Hledání nešlo provést. Jde o chybu Quarry: nahlaste prosím dotaz.',
    ja: '検索を実行できませんでした。Quarry の不具合です。クエリを報告してください。',
  },
} satisfies Catalogue;
