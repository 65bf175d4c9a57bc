/**
 * @module cli/commands/graph-command
 * `quarry graph export --format csv|cypher [--out PATH]`: the symbol graph
 * for Neo4j (LOAD CSV files, or a cypher-shell script).
 */
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { collectGraph, toCypher, writeCsv } from '../../graph/export.js';
import { openStore } from '../../store/open-store.js';
import { ToolContext } from '../../tools/context.js';
import { EXIT, runCommand, writeOut } from '../exit.js';
import { STORE_OPTION_HELP } from '../options.js';
import fs from 'node:fs';

export function registerGraphCommand(program: Command): void {
  const graph = program.command('graph').description('The symbol graph of the index (calls, extends, implements, imports).');
  graph
    .command('export')
    .description('Export nodes and edges for Neo4j: csv (nodes.csv, edges.csv, load.cypher in --out) or cypher (a script, to --out or stdout).')
    .option('--format <format>', 'csv | cypher', (v) => {
      if (v !== 'csv' && v !== 'cypher') throw new InvalidArgumentError('format is csv or cypher');
      return v;
    }, 'csv')
    .option('--out <path>', 'folder (csv) or file (cypher)')
    .option('--root <dir>', 'project folder', '.')
    .option('--index <file>', 'index file (default: ROOT/.quarry/index.db)')
    .option('--store <url>', STORE_OPTION_HELP)
    .action((opts: { format: 'csv' | 'cypher'; out?: string; root: string; index?: string; store?: string }) =>
      runCommand(async () => {
        const ctx = new ToolContext({ root: opts.root, indexPath: opts.index, store: opts.store });
        const store = await openStore(ctx.location, { root: ctx.root, readonly: true });
        try {
          const data = await collectGraph(store);
          if (opts.format === 'csv') {
            const written = writeCsv(data, opts.out ?? 'quarry-graph');
            await writeOut(`${data.nodes.length} nodes, ${data.rels.length} edges -> ${written.join(', ')}`);
          } else if (opts.out) {
            fs.writeFileSync(opts.out, toCypher(data));
            await writeOut(`${data.nodes.length} nodes, ${data.rels.length} edges -> ${opts.out}`);
          } else {
            await writeOut(toCypher(data));
          }
          return EXIT.ok;
        } finally {
          await store.close();
        }
      }),
    );
}
