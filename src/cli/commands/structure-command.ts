/**
 * @module cli/commands/structure-command
 * `quarry structure PATTERN [-l LANG] [--rule JSON] [--path P]...`: the
 * search_structure tool for people. Prints the matches as a model reads them
 * (one line each, with captures), or the tool's JSON with --json. Exit 0 when
 * something matched, 1 when nothing did, 2 on error (a TIMEOUT included:
 * running out of time is never "found nothing").
 */
import type { Command } from 'commander';
import { catalogueError } from '../../contracts/errors.js';
import { STRUCTURE } from '../../contracts/structure-limits.js';
import type { StructureParams } from '../../contracts/structure-params.js';
import { renderStructureText } from '../../shape/structure-text.js';
import { callTool } from '../../tools/call-tool.js';
import { ToolContext } from '../../tools/context.js';
import type { StructureResponse } from '../../tools/search-structure.js';
import { EXIT, exitQuietlyOnBrokenPipe, exitWithJsonError, runCommand, writeOut } from '../exit.js';
import { STORE_OPTION_HELP, parseInteger } from '../options.js';

interface StructureOptions {
  root: string; index?: string; store?: string; lang?: string; rule?: string; path: string[];
  maxResults?: number; skip?: number; detail?: string; repository?: string; locale?: string; json?: boolean;
}

function ruleObject(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw catalogueError('INVALID_ARGUMENT', { key: 'structure.rule_json', params: { reason: (error as Error).message } });
  }
}

export function registerStructureCommand(program: Command): void {
  program
    .command('structure')
    .description('Find code by its syntax tree with an ast-grep pattern ("kmalloc_array($N, $S, $F)"). Exit 0 when something matched, 1 when nothing did, 2 on error.')
    .argument('[pattern]', 'the pattern; $NAME matches one node, $$$NAME any number (optional with --rule)')
    .option('-l, --lang <language>', 'language to parse: c, python, go, rust, typescript, tsx, javascript, html, css (inferred from --path when it names files of one)')
    .option('--rule <json>', 'an ast-grep rule object as JSON, e.g. \'{"kind":"call_expression","inside":{"kind":"try_statement","stopBy":"end"}}\'')
    .option('-p, --path <path>', 'only files under this folder or matching this glob (repeatable)', (value: string, all: string[]) => [...all, value], [] as string[])
    .option('--root <dir>', 'project folder', '.')
    .option('--index <file>', 'index file (default: ROOT/.quarry/index.db)')
    .option('--store <url>', STORE_OPTION_HELP)
    .option('-n, --max-results <n>', `matches to print (${STRUCTURE.maxResults.min}-${STRUCTURE.maxResults.max}, default ${STRUCTURE.maxResults.default})`, parseInteger)
    .option('--skip <n>', 'matches to skip (the previous answer\'s next_skip)', parseInteger)
    .option('--detail <level>', 'full (the matched code), compact (default: one line with captures), ultra (one line)')
    .option('--repository <name>', 'only this repository')
    .option('--locale <locale>', 'language of error messages (en, cs, ja)')
    .option('--json', 'print the tool response as JSON')
    .action((pattern: string | undefined, opts: StructureOptions) =>
      runCommand(async () => {
        exitQuietlyOnBrokenPipe();
        const ctx = new ToolContext({ root: opts.root, indexPath: opts.index, store: opts.store, locale: opts.locale });
        try {
          const raw: Record<string, unknown> = {
            pattern, language: opts.lang, rule: opts.rule === undefined ? undefined : ruleObject(opts.rule),
            paths: opts.path.length > 0 ? opts.path : undefined, max_results: opts.maxResults, skip: opts.skip,
            detail_level: opts.detail, repository: opts.repository,
          };
          for (const key of Object.keys(raw)) if (raw[key] === undefined) delete raw[key];
          const response = (await callTool('search_structure', raw, ctx)) as StructureResponse;
          const detail = (opts.detail?.toLowerCase() ?? 'compact') as StructureParams['detailLevel'];
          await writeOut(opts.json ? JSON.stringify(response) : renderStructureText(response, detail));
          return response.total > 0 ? EXIT.ok : EXIT.none;
        } catch (error) {
          return await exitWithJsonError(error, opts.json);
        } finally {
          ctx.close();
        }
      }),
    );
}
