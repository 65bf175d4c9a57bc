/**
 * @module bench/fuzz/fuzz-tree
 * The tree the fuzz runs against: a temp folder `work/` holding `root/` (real
 * zod and fastify sources, hostile files, Shift_JIS / UTF-16 / GBK files,
 * symlinks pointing out of the root, a loop and a dangling link) and, beside
 * it, `outside/` and `root-evil/` (a sibling whose name starts with the
 * root's, to catch prefix checks) each holding a canary file with a unique
 * token. A reply that contains the token leaked a file from outside the root.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { PROJECT_ROOT } from '../../src/test-support/cli.js';
import { copySources } from '../harness/copy-sources.js';
import type { TreeTargets } from './hostile-values.js';

export interface FuzzTree extends TreeTargets {
  work: string;
  /** The full token; it appears nowhere but in the canary files. */
  canaryToken: string;
  files: number;
  bytes: number;
  /** Every file outside the root, to notice one being written. */
  newOutsideFiles: () => string[];
  remove: () => void;
}

const CANARY_PREFIX = 'QCANARY';

function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full); else out.push(full);
    }
  };
  walk(dir);
  return out.sort();
}

export function buildFuzzTree(sourceBytes = 3_000_000): FuzzTree {
  const work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'quarry-fuzz-')));
  const root = path.join(work, 'root');
  const outside = [path.join(work, 'outside'), path.join(work, 'root-evil')];
  const canaryToken = `${CANARY_PREFIX}${crypto.randomBytes(16).toString('hex')}`;
  for (const dir of outside) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'canary.txt'), `secret line: ${canaryToken}\nparse function zod fastify ${canaryToken}\n`);
    fs.writeFileSync(path.join(dir, '.env'), `API_KEY=${canaryToken}\n`);
  }
  fs.mkdirSync(root);
  const copied = copySources(PROJECT_ROOT, ['node_modules/zod/v4/core', 'node_modules/fastify/lib', 'node_modules/fastify/test'], root, sourceBytes);

  const hostile = path.join(root, 'hostile');
  fs.mkdirSync(hostile);
  // A 300 KB minified line: highlight and snippet caps are measured against it.
  const minified = Array.from({ length: 30_000 }, (_, i) => `a${i % 97}=b(${i});`).join('').slice(0, 300_000);
  fs.writeFileSync(path.join(hostile, 'minified.js'), `${minified}\n`);
  fs.writeFileSync(path.join(hostile, 'underscores.txt'), `${'_'.repeat(60)}\n${'_ '.repeat(60)}\n`);
  fs.writeFileSync(path.join(hostile, 'many-lines.txt'), Array.from({ length: 20_000 }, (_, i) => `line ${i} the the the _ x`).join('\n'));
  fs.writeFileSync(path.join(hostile, 'fts-words.txt'), 'NEAR OR AND NOT "quoted" col:term * ^start (paren) DROP TABLE\n');
  fs.writeFileSync(path.join(hostile, 'control\u0001chars.txt'), 'tab\there\u001b[31m red \u0007 bell\n');
  fs.writeFileSync(path.join(hostile, 'ünïcödé 名前.txt'), 'unicode file name\n');
  fs.writeFileSync(path.join(hostile, '-rf'), 'a file named like a flag\n');
  fs.writeFileSync(path.join(hostile, 'nul-late.txt'), Buffer.concat([Buffer.from('text '.repeat(3000)), Buffer.from([0]), Buffer.from('after nul')]));

  const enc = path.join(root, 'encodings');
  fs.mkdirSync(enc);
  const ja = '日本語のテキスト: 検索エンジンの試験です。\n関数 parse を呼ぶ。\n';
  fs.writeFileSync(path.join(enc, 'sjis.txt'), iconv.encode(ja, 'shift_jis'));
  fs.writeFileSync(path.join(enc, 'utf16le-bom.txt'), Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(ja, 'utf-16le')]));
  fs.writeFileSync(path.join(enc, 'utf16be-nobom.txt'), iconv.encode(ja, 'utf-16be'));
  fs.writeFileSync(path.join(enc, 'gbk.txt'), iconv.encode('中文文本：搜索引擎测试。\n', 'gbk'));
  fs.writeFileSync(path.join(enc, 'latin1.txt'), iconv.encode('Grüße, café, naïve façade\n', 'latin1'));
  fs.writeFileSync(path.join(enc, 'broken-utf8.txt'), Buffer.from([0x61, 0xc3, 0x28, 0xe2, 0x82, 0x0a, 0xf0, 0x9f, 0x62, 0x0a]));

  const links = path.join(root, 'links');
  fs.mkdirSync(links);
  fs.symlinkSync(path.join(outside[0]!, 'canary.txt'), path.join(links, 'link-out-file'));
  fs.symlinkSync(outside[0]!, path.join(links, 'link-out-dir'));
  fs.symlinkSync(outside[1]!, path.join(links, 'link-evil-dir'));
  fs.symlinkSync('../../outside/.env', path.join(links, 'relative-out-env'));
  fs.symlinkSync(path.join(hostile, 'fts-words.txt'), path.join(links, 'link-in'));
  fs.symlinkSync('loop', path.join(links, 'loop'));
  fs.symlinkSync(path.join(work, 'missing'), path.join(links, 'dangling'));
  fs.symlinkSync(outside[0]!, path.join(root, 'link-out-dir'));
  fs.symlinkSync(path.join(outside[0]!, 'canary.txt'), path.join(root, 'link-out-file'));
  fs.writeFileSync(path.join(root, '.gitignore'), 'ignored-secret.txt\n');
  fs.writeFileSync(path.join(root, 'ignored-secret.txt'), 'inside the root but ignored\n');

  const before = outside.flatMap(listFiles);
  return {
    work, root, outside, canaryToken, canaryProbe: `${CANARY_PREFIX}[0-9a-f]+`,
    files: copied.files, bytes: copied.bytes,
    newOutsideFiles: () => {
      const now = outside.flatMap(listFiles);
      return now.filter((f) => !before.includes(f));
    },
    remove: () => fs.rmSync(work, { recursive: true, force: true }),
  };
}
