import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../bench/harness/random.js';
import { PROJECT_ROOT } from '../../test-support/cli.js';
import { DEFAULT_CHUNK_LIMITS } from '../../text/chunk.js';
import { addChunkWords, addFileWords, nativeWords, type NativeWords } from './first-stage-word-postings.js';

const words: NativeWords = nativeWords ?? (() => { throw new Error('build/Release/quarry_words.node did not load: npm ci builds it'); })();

/** The postings and chunk fields of `texts` added one file after another, by `add`. */
function build(texts: readonly Buffer[], add: typeof addFileWords): { postings: Buffer; fields: number[] } {
  const builder = words.createBuilder();
  const fields: number[] = [];
  let next = 0;
  texts.forEach((text, fileId) => {
    const added = add(words, builder, next, fileId, text, (...row) => fields.push(...row));
    expect(added).toBeGreaterThanOrEqual(0);
    next += added;
  });
  return { postings: words.finish(builder)!, fields };
}

/** Whether the module adds `text` whole (plain ASCII it can cut), rather than leaving it to addChunkWords. */
function addedWhole(text: Buffer): boolean {
  const { maxChars, maxLines, targetLines } = DEFAULT_CHUNK_LIMITS;
  return words.addFile(words.createBuilder(), 0, text, maxChars, maxLines, targetLines) !== null;
}

/** Lines of source-like ASCII: identifiers of every shape the index splits and stems, blank lines of every kind, CR and long lines. */
function sourceLike(seed: number, lines: number): string {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const pieces = [
    'parseHTMLDocument', 'XMLHttpRequest', 'get_user_pages', 'IRQF_SHARED', 'kmalloc_array', '__iter__', '_not', 'running',
    'connections', 'happily', 'v4l2_device', 'ipv6Address', 'x86', '8bit', 'a', 'I', 'the', 'spin_lock_irqsave', 'ABCDef',
    '{', '}', '(', ');', '/*', '*/', '->', '==', '"quoted string"', '#include', '\u000e', '\u001f', '~', '`',
  ];
  const blank = ['', ' ', '\t', '  \t ', '\r', '\v', '\f', ' \r'];
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const kind = random();
    if (kind < 0.15) out.push(pick(blank));
    else if (kind < 0.17) out.push(Array.from({ length: 400 + Math.floor(random() * 800) }, () => pick(pieces)).join(' '));
    else out.push(Array.from({ length: 1 + Math.floor(random() * 12) }, () => pick(pieces)).join(random() < 0.5 ? ' ' : '')
      + (random() < 0.1 ? '\r' : ''));
  }
  return out.join('\n');
}

describe('a file\'s words added whole by the module (native/quarry_words.c addFile)', () => {
  it('posts what adding it chunk by chunk posts, on generated source-like text', () => {
    const texts: Buffer[] = [];
    for (let seed = 1; seed <= 40; seed++) {
      const text = sourceLike(seed, 1 + Math.floor(mulberry32(seed * 7)() * 400));
      // With and without a final newline, and with several.
      texts.push(Buffer.from(text), Buffer.from(`${text}\n`), Buffer.from(`${text}\n\n\n`));
    }
    for (const text of texts) expect(addedWhole(text)).toBe(true);
    const whole = build(texts, addFileWords);
    const byChunk = build(texts, addChunkWords);
    expect(whole.fields).toEqual(byChunk.fields);
    expect(Buffer.compare(whole.postings, byChunk.postings)).toBe(0);
  });

  it('cuts the edges as chunkLines does: one newline, only newlines, blank lines at every count, the hard caps', () => {
    const { maxChars, maxLines, targetLines } = DEFAULT_CHUNK_LIMITS;
    const texts = [
      '\n', '\n\n', 'a', 'a\n', 'a\n\n', '\r\n', 'x\r\ny\r\n',
      // A blank line exactly at the target, one line before and after it.
      ...[targetLines - 1, targetLines, targetLines + 1].map((n) => `${'line\n'.repeat(n - 1)}\nafter\n`),
      // The line cap with no blank line, and one line past it.
      'word\n'.repeat(maxLines), 'word\n'.repeat(maxLines + 1), 'word\n'.repeat(3 * maxLines + 7),
      // The character cap: lines that reach it exactly and one character past it, and one line longer than it.
      `${'y'.repeat(maxChars / 2 - 1)}\n`.repeat(5), `${'y'.repeat(maxChars / 2)}\n`.repeat(5), `short\n${'z'.repeat(maxChars * 2)}\nshort\n`,
    ].map((text) => Buffer.from(text));
    for (const text of texts) expect(addedWhole(text), JSON.stringify(text.toString().slice(0, 20))).toBe(true);
    const whole = build(texts, addFileWords);
    expect(whole.fields).toEqual(build(texts, addChunkWords).fields);
    expect(Buffer.compare(whole.postings, build(texts, addChunkWords).postings)).toBe(0);
  });

  it('leaves text it cannot read as bytes to the chunks: non-ASCII, a chunk too long for its added words, nothing', () => {
    const texts = [
      Buffer.from('int café(void) { return naïve(); }\n'),
      Buffer.from('中文 and ☃\nsecond_line\n'),
      Buffer.from(`${'minified_code();'.repeat(5000)}\n`),
      Buffer.from(''),
    ];
    for (const text of texts) expect(addedWhole(text)).toBe(false);
    const mixed = [Buffer.from('plain_text here\n'), ...texts, Buffer.from('more plainWords\n')];
    const whole = build(mixed, addFileWords);
    expect(whole.fields).toEqual(build(mixed, addChunkWords).fields);
    expect(Buffer.compare(whole.postings, build(mixed, addChunkWords).postings)).toBe(0);
  });

  it('posts what adding it chunk by chunk posts, on real files: kernel headers and this project\'s sources', () => {
    const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? files(full) : entry.isFile() ? [full] : [];
    });
    const texts = [...files(path.join(PROJECT_ROOT, 'test-fixtures/kernel-uapi')), ...files(path.join(PROJECT_ROOT, 'src/ingest')), ...files(path.join(PROJECT_ROOT, 'native'))]
      .sort().map((file) => fs.readFileSync(file));
    expect(texts.filter(addedWhole).length).toBeGreaterThan(texts.length / 2);
    const whole = build(texts, addFileWords);
    const byChunk = build(texts, addChunkWords);
    expect(whole.fields).toEqual(byChunk.fields);
    expect(Buffer.compare(whole.postings, byChunk.postings)).toBe(0);
  });

  it('rejects chunk limits that are not positive integers', () => {
    expect(() => words.addFile(words.createBuilder(), 0, Buffer.from('a\n'), 0, 80, 40)).toThrow(/chunk limits/);
  });
});
