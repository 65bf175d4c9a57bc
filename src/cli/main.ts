#!/usr/bin/env node
/**
 * @module cli/main
 * The `quarry` command: one subcommand per file under commands/.
 */
import { Command } from 'commander';

/**
 * Each command's module, loaded only when needed: together they pull in the
 * HTTP server, the MCP SDK and the medicines engine (about 0.4 s of CPU at
 * start), which `quarry index` or `quarry search` never use.
 */
const COMMANDS: Record<string, () => Promise<(program: Command) => void>> = {
  index: async () => (await import('./commands/index-command.js')).registerIndexCommand,
  search: async () => (await import('./commands/search-command.js')).registerSearchCommand,
  locate: async () => (await import('./commands/locate-command.js')).registerLocateCommand,
  structure: async () => (await import('./commands/structure-command.js')).registerStructureCommand,
  call: async () => (await import('./commands/call-command.js')).registerCallCommand,
  mcp: async () => (await import('./commands/mcp-command.js')).registerMcpCommand,
  graph: async () => (await import('./commands/graph-command.js')).registerGraphCommand,
  medicines: async () => (await import('./commands/medicines-command.js')).registerMedicinesCommand,
  serve: async () => (await import('./commands/serve-command.js')).registerServeCommand,
};

const program = new Command()
  .name('quarry')
  .description('Search server for AI agents and the people beside them.')
  .version('0.1.0')
  .exitOverride((error) => {
    // commander's own usage errors and --help/--version: ripgrep-style codes.
    process.exit(error.exitCode === 0 ? 0 : 2);
  });

// The command named on the line alone; every command for help, version or a name commander must reject.
const named = process.argv[2];
for (const name of named !== undefined && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS)) {
  (await COMMANDS[name]!())(program);
}

await program.parseAsync(process.argv);
