import { describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { loadedOf, runCliProbed } from '../test-support/module-probe.js';
import { makeTree } from '../test-support/temp-tree.js';

/** What a command that does not serve, parse, read PDFs or the medicines should never load: each costs start time. */
const SERVER = ['/node_modules/fastify/', '/node_modules/@modelcontextprotocol/', '/dist/server/'];
const PDF = ['/node_modules/pdfjs-dist/'];
const TREE_SITTER = ['/node_modules/web-tree-sitter/', '/dist/ingest/symbols/'];
const MEDICINES = ['/dist/medicines/'];
const INDEXER = ['/dist/ingest/indexer.js', '/dist/ingest/index-worker.js'];

const TREE = {
  'src/server.ts': 'export function startServer(port: number) {\n  listen(port);\n}\n',
  'lib/util.py': 'def retry_with_backoff():\n    return 1\n',
};

describe('quarry start: each command loads only what it needs', () => {
  it('--help and --version load no command module, and --help lists every command as the commands declare themselves', async () => {
    for (const flag of ['--help', '--version']) {
      const run = await runCliProbed([flag]);
      expect(run.code).toBe(0);
      expect(loadedOf(run.modules, ['/dist/'])).toEqual([expect.stringMatching(/\/dist\/cli\/main\.js$/)]);
    }
    // `quarry help` declares every command from its own module: the list --help prints from main's table must be the same text.
    const light = await runCli(['--help']);
    const declared = await runCli(['help']);
    expect(light.stdout).toContain('search [options] <query>');
    expect(light.stdout).toBe(declared.stdout);
  });

  it('a mistyped command is refused with a suggestion, exit 2, without loading any command', async () => {
    const run = await runCliProbed(['serch', 'x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Did you mean search?');
    expect(loadedOf(run.modules, ['/dist/cli/commands/'])).toEqual([]);
  });

  it('index loads neither the server, PDF nor medicines code, and a no-change index no tree-sitter either', async () => {
    const root = makeTree(TREE);
    const first = await runCliProbed(['index', root, '--json']);
    expect(first.code).toBe(0);
    expect(loadedOf(first.modules, [...SERVER, ...PDF, ...MEDICINES])).toEqual([]);
    const again = await runCliProbed(['index', root, '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
    expect(loadedOf(again.modules, [...SERVER, ...PDF, ...MEDICINES, ...TREE_SITTER])).toEqual([]);
  });

  it('search answers in its own process with its own tool: no search worker, other tools or their services, locate, indexer, server, PDF or tree-sitter', async () => {
    const root = makeTree(TREE);
    expect((await runCli(['index', root])).code).toBe(0);
    const run = await runCliProbed(['search', 'startServer', '--root', root, '-n', '5', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).items[0].file).toBe('src/server.ts');
    expect(loadedOf(run.modules, ['/dist/search/search-worker.js', ...INDEXER, ...SERVER, ...PDF, ...TREE_SITTER])).toEqual([]);
    // Only search_code: not the registry of every tool, nor locate's engine, nor the readers of a first stage or REST's search (about 100 modules, 100 ms of CPU between them).
    expect(loadedOf(run.modules, ['/dist/tools/registry.js', '/dist/tools/list-files.js', '/dist/tools/search-medicine.js', '/dist/locate/', '/dist/search/first-stage-reader.js', '/dist/search/project-search.js'])).toEqual([]);
    // Nor what the other tool families keep in the door (live search's service, the medicines database), the embeddings client while embeddings are off, or find_references' reader.
    expect(loadedOf(run.modules, ['/dist/live/', '/dist/medicines/', '/dist/embeddings/openai-embeddings.js', '/dist/embeddings/query-embeddings.js', '/dist/search/references-service.js'])).toEqual([]);
  });
});
