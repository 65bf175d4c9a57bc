/**
 * @module cli/commands/search-command
 * `quarry search QUERY [--root DIR]`: the search_code tool for people.
 * `--json` prints exactly what the tool returns to an agent; `--explain`
 * prints the plan the engine would execute, as JSON.
 */
import type { Command } from 'commander';
import { normalizeSearchCodeParams } from '../../contracts/search-code-params.js';
import type { SearchCodeResponse } from '../../search/engine.js';
import { planSearch } from '../../search/plan.js';
import { callTool } from '../../tools/call-tool.js';
import { ToolContext } from '../../tools/context.js';
import { searchCodeTool } from '../../tools/search-code.js';
import { EXIT, endWhenFlushed, exitQuietlyOnBrokenPipe, exitWithJsonError, runCommand, writeOut } from '../exit.js';
import { STORE_OPTION_HELP, parseInteger } from '../options.js';
import { COLOR_STYLE, PLAIN_STYLE, printSearch } from '../print/text.js';

interface SearchOptions {
  root: string; index?: string; store?: string; mode?: string; language?: string; repository?: string; maxResults?: number;
  skip?: number; snippetLines?: number; detail?: string; caseSensitive?: boolean; ignoreCase?: boolean;
  json?: boolean; explain?: boolean; color?: boolean;
}

export function registerSearchCommand(program: Command): void {
  program
    .command('search')
    .description('Search the index (search_code). Exit 0 when something was found, 1 when nothing, 2 on error.')
    .argument('<query>', 'words, "quoted phrases", a literal (--mode exact) or a regex (--mode regex)')
    .option('--root <dir>', 'project folder', '.')
    .option('--index <file>', 'index file (default: ROOT/.quarry/index.db)')
    .option('--store <url>', STORE_OPTION_HELP)
    .option('-m, --mode <mode>', 'auto | text | exact | regex')
    .option('-l, --language <language>', 'only this language')
    .option('--repository <name>', 'only this repository')
    .option('-n, --max-results <n>', 'items per page (1-20)', parseInteger)
    .option('--skip <n>', 'items to skip', parseInteger)
    .option('--snippet-lines <n>', 'lines of snippet per item (0 = all)', parseInteger)
    .option('--detail <level>', 'full | compact | ultra')
    .option('-s, --case-sensitive', 'match case')
    .option('-i, --ignore-case', 'ignore case')
    .option('--json', 'print the tool response as JSON')
    .option('--explain', 'print the plan instead of searching')
    .option('--no-color', 'no colours even on a terminal')
    .action((query: string, opts: SearchOptions) =>
      runCommand(async () => {
        exitQuietlyOnBrokenPipe();
        const raw: Record<string, unknown> = {
          query, mode: opts.mode, language: opts.language, repository: opts.repository, max_results: opts.maxResults,
          skip: opts.skip, snippet_lines: opts.snippetLines, detail_level: opts.detail,
          case_sensitive: opts.caseSensitive ? true : opts.ignoreCase ? false : undefined,
        };
        for (const key of Object.keys(raw)) if (raw[key] === undefined) delete raw[key];
        if (opts.explain) {
          // The very object the engine executes for this request (search/plan).
          await writeOut(JSON.stringify(planSearch(normalizeSearchCodeParams(raw)), null, 2));
          return EXIT.ok;
        }
        const ctx = new ToolContext({ root: opts.root, indexPath: opts.index, store: opts.store, searchInProcess: true });
        try {
          const response = (await callTool('search_code', raw, ctx, { tools: [searchCodeTool] })) as SearchCodeResponse;
          const style = opts.color !== false && process.stdout.isTTY ? COLOR_STYLE : PLAIN_STYLE;
          await writeOut(opts.json ? JSON.stringify(response) : printSearch(response, style));
          return response.total > 0 ? EXIT.ok : EXIT.none;
        } catch (error) {
          return await exitWithJsonError(error, opts.json);
        } finally {
          ctx.close();
        }
      }).then(endWhenFlushed),
    );
}
