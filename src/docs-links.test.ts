/**
 * @module docs-links.test
 * The documentation a reader follows holds together: every relative link of README.md,
 * CONTRIBUTING.md, CHANGELOG.md and docs/*.md names a file that exists (and, with `#anchor`, a
 * heading of that file), README.md stays a front door of at most 300 lines, and it still holds
 * the two commands a new user starts with. Reads a few small files; no build needed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const README_MAX_LINES = 300;

/** The pages a reader of the repository follows links through. */
function documentationFiles(): string[] {
  const docs = fs.readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => path.join('docs', name));
  return ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', ...docs.sort()];
}

/** The text outside fenced code blocks, line by line (a fence's lines become empty, so line numbers stay). */
function proseLines(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return '';
    }
    return fence === null ? line : '';
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped (not `-` or `_`), spaces as `-`. */
function headingSlug(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** Every anchor a Markdown file offers: its headings' slugs, a repeated one numbered as GitHub does. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = headingSlug(heading);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

interface Link { file: string; line: number; target: string }

/** The relative links of a Markdown text (inline code and fenced code left out; web and mail links skipped). */
function relativeLinks(file: string, text: string): Link[] {
  const links: Link[] = [];
  proseLines(text).forEach((line, index) => {
    const prose = line.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      links.push({ file, line: index + 1, target });
    }
  });
  return links;
}

/** What is wrong with a link, or null: the file must exist, and an anchor must be a heading of the Markdown file it names. */
function brokenLink(link: Link, read: (file: string) => string | null): string | null {
  const [pathPart, anchor] = link.target.split('#', 2) as [string, string | undefined];
  const target = pathPart === '' ? link.file : path.normalize(path.join(path.dirname(link.file), decodeURIComponent(pathPart)));
  if (target.startsWith('..')) return `${link.file}:${link.line}: ${link.target} leaves the repository`;
  const text = read(target);
  if (text === null) return `${link.file}:${link.line}: ${link.target}: no file ${target}`;
  if (anchor && target.endsWith('.md') && !anchorsOf(text).has(anchor.toLowerCase())) {
    return `${link.file}:${link.line}: ${link.target}: ${target} has no heading #${anchor}`;
  }
  return null;
}

function readFromRepository(file: string): string | null {
  const full = path.join(ROOT, file);
  if (!fs.existsSync(full)) return null;
  return fs.statSync(full).isDirectory() ? '' : fs.readFileSync(full, 'utf8');
}

describe('the documentation', () => {
  it('has no relative link to a missing file or heading, in README, CONTRIBUTING, CHANGELOG and docs/', () => {
    const links = documentationFiles().flatMap((file) => relativeLinks(file, fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(links.length).toBeGreaterThan(50);
    const broken = links.map((link) => brokenLink(link, readFromRepository)).filter((problem) => problem !== null);
    expect(broken).toEqual([]);
  });

  it('reports a link to a missing page, a missing heading and a path out of the repository', () => {
    const pages: Record<string, string> = { 'docs/guide.md': '# Guide\n\n## Connect an agent over MCP (stdio)\n', 'README.md': '' };
    const read = (file: string) => pages[file] ?? null;
    const text = [
      'See [the guide](docs/guide.md#connect-an-agent-over-mcp-stdio) and [the web](https://example.com).',
      'Broken: [gone](docs/gone.md), [no heading](docs/guide.md#missing), [outside](../shared/x.md).',
      '`[in code](docs/also-gone.md)`',
      '```',
      '[in a fence](docs/fenced.md)',
      '```',
    ].join('\n');
    const problems = relativeLinks('README.md', text).map((link) => brokenLink(link, read)).filter((problem) => problem !== null);
    expect(problems).toEqual([
      'README.md:2: docs/gone.md: no file docs/gone.md',
      'README.md:2: docs/guide.md#missing: docs/guide.md has no heading #missing',
      'README.md:2: ../shared/x.md leaves the repository',
    ]);
  });

  it('makes anchors as GitHub does, punctuation and code marks dropped', () => {
    expect(headingSlug('Ranking (text queries)')).toBe('ranking-text-queries');
    expect(headingSlug('`find_references`')).toBe('find_references');
    expect(headingSlug('Reliability: fuzz, chaos and load')).toBe('reliability-fuzz-chaos-and-load');
  });

  it('keeps README.md a front door of at most 300 lines', () => {
    const lines = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('keeps the two first commands in README.md code blocks: serve a folder, and run the tests', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const inCode = readme.split('\n').filter((line, index) => proseLines(readme)[index] === '' && line.trim() !== '');
    expect(inCode.some((line) => line.startsWith('npm ci && npx quarry serve '))).toBe(true);
    expect(inCode).toContain('npm ci && npm test');
  });
});
