/**
 * @module shape/locate-text
 * What a model reads of a `locate` answer (its MCP text content, and the
 * CLI's text output): a one-line header, then one line per file with its
 * likely functions or classes (`name:line`) and its reasons; the first files
 * get two of each, the rest one. Ten files fit in 400 tokens; the JSON (every
 * symbol and reason, scores, kinds, evidence) stays in structuredContent,
 * REST and `--json`.
 */
import type { LocateResponse } from '../contracts/locate.js';
import { sourceLabel } from './source-label.js';

/** Files shown with two symbols and two reasons; the rest get one of each. */
const DETAILED_FILES = 3;

/** `moreParam`: what asks for more files where the text is read (the tool's `max_results`; the CLI's `-n`). */
export function renderLocateText(response: LocateResponse, moreParam = 'max_results'): string {
  const more = response.total > response.count ? ` (more: ${moreParam})` : '';
  const lines = [`${response.count} of ${response.total} files, best first${more}`];
  response.files.forEach((f, i) => {
    const shown = i < DETAILED_FILES ? 2 : 1;
    const symbols = f.symbols.slice(0, shown).map((s) => `${s.name}:${s.line}`).join(', ');
    const reasons = f.reasons.slice(0, shown).join('; ');
    lines.push(`${i + 1}. ${sourceLabel(f.file, f.repository)}${symbols ? ` ${symbols}` : ''}${reasons ? ` - ${reasons}` : ''}`);
  });
  for (const warning of response.warnings ?? []) lines.push(`warning: ${warning}`);
  return lines.join('\n');
}
