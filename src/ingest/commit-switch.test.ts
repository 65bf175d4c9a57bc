import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { searchCode } from '../search/engine.js';
import { SqliteReader } from '../store/sqlite-reader.js';
import { SqliteStore } from '../store/sqlite-store.js';
import { makeTree, writeTree } from '../test-support/temp-tree.js';
import { parseGitIndex, readGitIndex, vouchedBlobs } from './git-tree.js';
import { hashBytes } from './prepare-file.js';
import { indexFolder } from './indexer.js';
import { walkFolder } from './walk.js';

function git(root: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Quarry', '-c', 'user.email=quarry@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: root, encoding: 'utf8' });
}

function commitAll(root: string, message: string): string {
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', message);
  return git(root, 'rev-parse', 'HEAD').trim();
}

/** Moves every file's mtime into the past, so git's index holds no racily clean entry (git then vouches for each). */
function settle(root: string): void {
  const past = new Date(Date.now() - 60_000);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === '.git') continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file); else fs.utimesSync(file, past, past);
    }
  };
  walk(root);
  git(root, 'update-index', '--refresh');
}

const pythonModule = (functions: string[]) => functions.map((name, i) => [
  `def ${name}(value):`, `    """${name} turns a value into ${'x'.repeat(i % 5)} another."""`, `    total = value * ${i + 1}`,
  `    return helper_${i % 3}(total)`, '', '',
].join('\n')).join('\n');

/** Everything the index holds of the tree, without ids (a switch keeps chunk ids a fresh build numbers otherwise). */
function snapshot(indexPath: string) {
  const store = SqliteStore.open(indexPath, { readonly: true });
  try {
    const all = (sql: string) => store.db.prepare(sql).all();
    return {
      files: all('SELECT path, language, size, mtime_ms, hash, encoding, line_count FROM files ORDER BY path'),
      chunks: all(`SELECT f.path, c.start_line, c.end_line, c.kind, c.symbol, c.token_count, chunk_text(c.content) AS text
        FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY f.path, c.start_line`),
      symbols: all('SELECT f.path, s.name, s.kind, s.container, s.start_line, s.end_line FROM symbols s JOIN files f ON f.id = s.file_id ORDER BY f.path, s.start_line, s.name, s.kind'),
      edges: all('SELECT f.path, e.kind, e.from_name, e.to_name, e.line FROM edges e JOIN files f ON f.id = e.file_id ORDER BY f.path, e.line, e.kind, e.from_name, e.to_name'),
      names: all('SELECT name FROM edge_names ORDER BY name'),
      wordTotals: all('SELECT count(*) AS n FROM chunk_words_docsize'),
    };
  } finally {
    store.close();
  }
}

/** Search answers as a caller sees them: file, lines and score of every hit, and the totals. */
async function answers(indexPath: string, queries: readonly string[]) {
  const store = SqliteStore.open(indexPath, { readonly: true });
  try {
    const reader = new SqliteReader(store);
    const out = [];
    for (const query of queries) {
      const params = normalizeSearchCodeParams({ query, max_results: 50, detail_level: 'ultra' });
      const response = await searchCode(reader, params, { offset: 0, limit: 50 });
      out.push({ query, total: response.total, items: response.items.map((item) => [item.file, item.start_line, item.end_line, item.relevance, item.symbol]) });
    }
    return out;
  } finally {
    store.close();
  }
}

const QUERIES = ['convert value', 'helper_1', 'total value', 'another', 'def beta', 'renamed words here'];

async function freshIndex(root: string): Promise<string> {
  return (await indexFolder({ root, indexPath: path.join(makeTree(), 'index.db') })).index;
}

describe('a commit switch in a git work tree', () => {
  it('ends with the index a fresh build of the new commit has, reading only the changed files', async () => {
    const root = makeTree({
      '.gitignore': 'build/\n',
      'pkg/convert.py': pythonModule(['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta']),
      'pkg/helpers.py': pythonModule(['helper_0', 'helper_1', 'helper_2']),
      'pkg/old_name.py': '# renamed words here\nVALUE = 1\n',
      'docs/guide.md': '# Guide\n\nConvert a value into another.\n',
      'gone.ts': 'export const gone = () => 1;\n',
      'img/logo.bin': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]),
    });
    git(root, 'init', '-q');
    const first = commitAll(root, 'first');
    // The second commit: a function edited (the chunks after it move down), a file added, one removed, one renamed.
    writeTree(root, {
      'pkg/convert.py': pythonModule(['alpha', 'beta_changed', 'gamma', 'delta', 'epsilon', 'zeta']).replace('def gamma(value):', 'def gamma(value):\n    # one more line\n    value = value + 1'),
      'pkg/added.py': pythonModule(['theta', 'iota']),
    });
    fs.rmSync(path.join(root, 'gone.ts'));
    git(root, 'mv', 'pkg/old_name.py', 'pkg/new_name.py');
    const second = commitAll(root, 'second');

    const indexPath = path.join(makeTree(), 'index.db');
    git(root, 'checkout', '-q', first);
    settle(root);
    const built = await indexFolder({ root, indexPath });
    expect(built).toMatchObject({ added: 6, skipped_by_reason: { binary: 1 } });

    git(root, 'checkout', '-q', second);
    const switched = await indexFolder({ root, indexPath });
    // Read: the edited, added and renamed files; the binary file is remembered, unchanged files are not read.
    expect(switched).toMatchObject({ added: 2, updated: 1, deleted: 2, read: 3, skipped_by_reason: { binary: 1 } });
    const fresh = await freshIndex(root);
    expect(snapshot(indexPath)).toEqual(snapshot(fresh));
    expect(await answers(indexPath, QUERIES)).toEqual(await answers(fresh, QUERIES));

    // And back: the first commit's index again.
    git(root, 'checkout', '-q', first);
    await indexFolder({ root, indexPath });
    const freshFirst = await freshIndex(root);
    expect(snapshot(indexPath)).toEqual(snapshot(freshFirst));
    expect(await answers(indexPath, QUERIES)).toEqual(await answers(freshFirst, QUERIES));
  });

  it('takes a rewritten file of the same blob as unchanged unread, and reads what git cannot vouch for (edits, untracked files)', async () => {
    const root = makeTree({ 'a.py': pythonModule(['alpha', 'beta']), 'b.py': pythonModule(['gamma']), 'notes.txt': 'plain words\n' });
    git(root, 'init', '-q');
    commitAll(root, 'first');
    settle(root);
    const indexPath = path.join(makeTree(), 'index.db');
    await indexFolder({ root, indexPath });

    // Every file written again with the same bytes (a checkout of another worktree, a copy): new mtimes, same blobs.
    for (const name of ['a.py', 'b.py', 'notes.txt']) fs.writeFileSync(path.join(root, name), fs.readFileSync(path.join(root, name)));
    git(root, 'update-index', '--refresh');
    settle(root);
    expect(await indexFolder({ root, indexPath })).toMatchObject({ read: 0, updated: 0, unchanged: 3 });

    // A dirty work tree: a tracked file edited and not staged, another told to git as assume-unchanged and edited, an untracked file.
    git(root, 'update-index', '--assume-unchanged', 'notes.txt');
    // notes.txt keeps its size: only its mtime and content say it changed, and git's flag says its blob cannot tell.
    writeTree(root, { 'a.py': pythonModule(['alpha', 'beta', 'extra']), 'notes.txt': 'other words\n', 'untracked.py': pythonModule(['omega']) });
    const dirty = await indexFolder({ root, indexPath });
    expect(dirty).toMatchObject({ added: 1, updated: 2, read: 3 });
    const fresh = await freshIndex(root);
    expect(snapshot(indexPath)).toEqual(snapshot(fresh));
    expect(await answers(indexPath, ['extra value', 'other words', 'omega'])).toEqual(await answers(fresh, ['extra value', 'other words', 'omega']));
  });

  it('keeps the hash of a file as its git blob id, and vouches only for clean regular tracked files', async () => {
    const root = makeTree({ 'clean.txt': 'clean\n', 'edited.txt': 'before\n', 'dir/x.txt': 'x\n' });
    fs.symlinkSync('clean.txt', path.join(root, 'link.txt'));
    git(root, 'init', '-q');
    commitAll(root, 'first');
    settle(root);
    fs.writeFileSync(path.join(root, 'edited.txt'), 'after!\n');
    const index = await readGitIndex(root);
    expect(index).not.toBeNull();
    const blobs = vouchedBlobs(index, walkFolder(root, { maxFileBytes: 1 << 20 }).files);
    expect([...blobs.keys()].sort()).toEqual(['clean.txt', 'dir/x.txt']);
    expect(blobs.get('clean.txt')).toBe(git(root, 'hash-object', 'clean.txt').trim());
    expect(hashBytes(Buffer.from('clean\n'))).toBe(blobs.get('clean.txt'));
    // Outside a work tree, git vouches for nothing.
    expect(await readGitIndex(makeTree({ 'a.txt': 'a' }))).toBeNull();
  });

  it('leaves out conflicted paths and entries flagged assume-unchanged, skip-worktree or intent-to-add', () => {
    const stat = (flags: string) => `  ctime: 1:0\n  mtime: 2:5\n  dev: 1\tino: 2\n  uid: 0\tgid: 0\n  size: 3\tflags: ${flags}\n`;
    const blob = 'a'.repeat(40);
    const output = [
      `100644 ${blob} 0\tok.txt\0${stat('0')}`,
      `100755 ${blob} 0\tspaced name\nwith newline.sh\0${stat('0')}`,
      `100644 ${blob} 0\tassumed.txt\0${stat('8000')}`,
      `100644 ${blob} 0\tsparse.txt\0${stat('40000000')}`,
      `100644 ${blob} 1\tconflict.txt\0${stat('1000')}`,
      `100644 ${blob} 2\tconflict.txt\0${stat('2000')}`,
      `120000 ${blob} 0\tlink\0${stat('0')}`,
      `160000 ${blob} 0\tsubmodule\0${stat('0')}`,
    ].join('');
    const entries = parseGitIndex(output);
    expect([...entries.keys()]).toEqual(['ok.txt', 'spaced name\nwith newline.sh']);
    expect(entries.get('ok.txt')).toEqual({ blob, size: 3, mtimeNs: 2_000_000_005n });
  });
});
