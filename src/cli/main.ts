#!/usr/bin/env node
/**
 * @module cli/main
 * The `quarry` command: one subcommand per file under commands/.
 */
import { Command } from 'commander';
import { missingNativeModules } from '../text/native-modules.js';

/**
 * Each command's module, loaded only when needed: together they pull in the
 * HTTP server, the MCP SDK and the medicines engine (about 0.4 s of CPU at
 * start), which `quarry index` or `quarry search` never use.
 */
const COMMANDS: Record<string, () => Promise<(program: Command) => void>> = {
  index: async () => (await import('./commands/index-command.js')).registerIndexCommand,
  search: async () => (await import('./commands/search-command.js')).registerSearchCommand,
  locate: async () => (await import('./commands/locate-command.js')).registerLocateCommand,
  call: async () => (await import('./commands/call-command.js')).registerCallCommand,
  mcp: async () => (await import('./commands/mcp-command.js')).registerMcpCommand,
  graph: async () => (await import('./commands/graph-command.js')).registerGraphCommand,
  medicines: async () => (await import('./commands/medicines-command.js')).registerMedicinesCommand,
  serve: async () => (await import('./commands/serve-command.js')).registerServeCommand,
  doctor: async () => (await import('./commands/doctor-command.js')).registerDoctorCommand,
};

/** The commands whose work a native module speeds up: they say once, at start, when any is missing. */
const USES_NATIVE = new Set(['index', 'search', 'locate', 'call', 'mcp', 'serve', 'graph']);

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
// Once per run: a command this one starts (the MCP server's index pass) inherits the mark and stays quiet.
if (named !== undefined && USES_NATIVE.has(named) && process.env.QUARRY_NATIVE_REPORTED !== '1') {
  process.env.QUARRY_NATIVE_REPORTED = '1';
  const byReason = new Map<string, string[]>();
  for (const { name, reason } of missingNativeModules()) byReason.set(reason, [...byReason.get(reason) ?? [], name]);
  if (byReason.size > 0) {
    const parts = [...byReason].map(([reason, names]) => `${names.join(', ')}: ${reason}`);
    process.stderr.write(`quarry: native modules not loaded (${parts.join('; ')}); their JavaScript twins give the same answers, slower (quarry doctor lists them)\n`);
  }
}
for (const name of named !== undefined && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS)) {
  (await COMMANDS[name]!())(program);
}

await program.parseAsync(process.argv);
