#!/usr/bin/env node
/**
 * @module cli/main
 * The `quarry` command: one subcommand per file under commands/.
 */
import { Command } from 'commander';
import { registerCallCommand } from './commands/call-command.js';
import { registerGraphCommand } from './commands/graph-command.js';
import { registerIndexCommand } from './commands/index-command.js';
import { registerMcpCommand } from './commands/mcp-command.js';
import { registerMedicinesCommand } from './commands/medicines-command.js';
import { registerSearchCommand } from './commands/search-command.js';
import { registerServeCommand } from './commands/serve-command.js';

const program = new Command()
  .name('quarry')
  .description('Search server for AI agents and the people beside them.')
  .version('0.1.0')
  .exitOverride((error) => {
    // commander's own usage errors and --help/--version: ripgrep-style codes.
    process.exit(error.exitCode === 0 ? 0 : 2);
  });

registerIndexCommand(program);
registerSearchCommand(program);
registerCallCommand(program);
registerMcpCommand(program);
registerGraphCommand(program);
registerMedicinesCommand(program);
registerServeCommand(program);

await program.parseAsync(process.argv);
