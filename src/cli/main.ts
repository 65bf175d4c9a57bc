#!/usr/bin/env node
/**
 * @module cli/main
 * The `quarry` command: one subcommand per file under commands/.
 *
 * A command's module is loaded only when that command runs: together they
 * pull in the HTTP server, the MCP SDK, the search engine and the medicines
 * (about 0.4 s of CPU at start), which `quarry index` or `quarry search`
 * never use. `quarry --help`, `--version`, no command or a mistyped one load
 * none of them: the command list is printed from the table below.
 */
import { Command, Help } from 'commander';

interface CommandEntry {
  /** The command's line in `quarry --help`: its name, ` [options]` when it has any, then its arguments. */
  term: string;
  /** Its description, word for word as its module declares it (a test holds the two equal). */
  summary: string;
  /** Its module's register function. */
  load: () => Promise<(program: Command) => void>;
  /** It serves searches from worker processes: the first worker is forked before the module loads (search/search-worker-process). */
  servesSearches?: true;
}

/** Every command, in the order `quarry --help` lists them. Adding a command is adding its entry. */
const COMMANDS: Record<string, CommandEntry> = {
  index: {
    term: 'index [options] [dir]',
    summary: 'Build or refresh the index of a folder (incremental: only changed files are read).',
    load: async () => (await import('./commands/index-command.js')).registerIndexCommand,
  },
  search: {
    term: 'search [options] <query>',
    summary: 'Search the index (search_code). Exit 0 when something was found, 1 when nothing, 2 on error.',
    load: async () => (await import('./commands/search-command.js')).registerSearchCommand,
  },
  locate: {
    term: 'locate [options] [text]',
    summary: 'Which files a task is about (locate): pass an issue, bug report or stack trace. Exit 0 when files were found, 1 when none, 2 on error.',
    load: async () => (await import('./commands/locate-command.js')).registerLocateCommand,
  },
  structure: {
    term: 'structure [options] [pattern]',
    summary: 'Find code by its syntax tree with an ast-grep pattern ("kmalloc_array($N, $S, $F)"). Exit 0 when something matched, 1 when nothing did, 2 on error.',
    load: async () => (await import('./commands/structure-command.js')).registerStructureCommand,
  },
  call: {
    term: 'call [options] <tool> [json]',
    summary: 'Call any tool with JSON arguments (argument, or stdin when omitted or "-") and print its JSON reply.',
    load: async () => (await import('./commands/call-command.js')).registerCallCommand,
  },
  mcp: {
    term: 'mcp [options]',
    summary: 'Serve Quarry\'s tools over MCP on stdio (for Claude Code, Claude Desktop, Cursor, ...).',
    load: async () => (await import('./commands/mcp-command.js')).registerMcpCommand,
    servesSearches: true,
  },
  graph: {
    term: 'graph',
    summary: 'The symbol graph of the index (calls, extends, implements, imports).',
    load: async () => (await import('./commands/graph-command.js')).registerGraphCommand,
  },
  medicines: {
    term: 'medicines',
    summary: 'The SÚKL medicines registry (Czech open data).',
    load: async () => (await import('./commands/medicines-command.js')).registerMedicinesCommand,
  },
  serve: {
    term: 'serve [options] [dir]',
    summary: 'Serve REST (projects, search, tools), MCP over Streamable HTTP (/mcp, /api/mcp) and /healthz.',
    load: async () => (await import('./commands/serve-command.js')).registerServeCommand,
    servesSearches: true,
  },
  doctor: {
    term: 'doctor [options]',
    summary: 'Say which native modules load; any that does not is replaced by its JavaScript twin (same answers, slower).',
    load: async () => (await import('./commands/doctor-command.js')).registerDoctorCommand,
  },
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

const isCommand = (name: string | undefined): name is string => name !== undefined && Object.hasOwn(COMMANDS, name);
const [named, helpFor] = process.argv.slice(2);

// A server's first search should not wait for its worker to load: the worker loads on the other core meanwhile.
if (isCommand(named) && COMMANDS[named]!.servesSearches) {
  (await import('./early-search-worker.js')).startEarlySearchWorker(named, process.argv.slice(3));
}

// Once per run: a command this one starts (the MCP server's index pass) inherits the mark and stays quiet.
if (named !== undefined && USES_NATIVE.has(named) && process.env.QUARRY_NATIVE_REPORTED !== '1') {
  process.env.QUARRY_NATIVE_REPORTED = '1';
  const { missingNativeModules } = await import('../text/native-modules.js');
  const byReason = new Map<string, string[]>();
  for (const { name, reason } of missingNativeModules()) byReason.set(reason, [...byReason.get(reason) ?? [], name]);
  if (byReason.size > 0) {
    const parts = [...byReason].map(([reason, names]) => `${names.join(', ')}: ${reason}`);
    process.stderr.write(`quarry: native modules not loaded (${parts.join('; ')}); their JavaScript twins give the same answers, slower (quarry doctor lists them)\n`);
  }
}
if (isCommand(named)) {
  // The command named on the line, and only it.
  (await COMMANDS[named]!.load())(program);
} else if (named === 'help') {
  // `quarry help CMD` needs CMD's own declaration; `quarry help` alone declares every command.
  for (const name of isCommand(helpFor) ? [helpFor] : Object.keys(COMMANDS)) (await COMMANDS[name]!.load())(program);
} else {
  // --help, --version, no command or an unknown one: the list of commands, each declared by its name and summary alone.
  for (const [name, entry] of Object.entries(COMMANDS)) program.command(name).description(entry.summary);
  const standard = new Help();
  program.configureHelp({ subcommandTerm: (cmd) => (isCommand(cmd.name()) ? COMMANDS[cmd.name()]!.term : standard.subcommandTerm(cmd)) });
}

await program.parseAsync(process.argv);
