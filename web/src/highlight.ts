/**
 * @module web/highlight
 * Syntax colouring with highlight.js core and the languages Quarry indexes
 * most (kept few for the first-load budget), split into lines so each line
 * can carry its number, and match ranges overlaid as <mark> across the
 * colouring spans. highlight.js escapes the source, so its HTML is safe.
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const LANGUAGES = { bash, c, cpp, css, go, java, javascript, json, markdown, python, rust, sql, typescript, xml, yaml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

/** Quarry's language names (contracts/languages) to highlight.js names. */
const ALIASES: Record<string, string> = {
  tsx: 'typescript', jsx: 'javascript', shell: 'bash', sh: 'bash', html: 'xml', 'c++': 'cpp', csharp: 'java', kotlin: 'java', scala: 'java',
};

function languageName(language: string | null | undefined, file: string): string | null {
  const name = (language ?? '').toLowerCase();
  if (name && hljs.getLanguage(ALIASES[name] ?? name)) return ALIASES[name] ?? name;
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  const byExt: Record<string, string> = { ts: 'typescript', tsx: 'typescript', js: 'javascript', mjs: 'javascript', h: 'c', hpp: 'cpp', cc: 'cpp', md: 'markdown', yml: 'yaml', html: 'xml', sh: 'bash' };
  const guess = byExt[ext] ?? ext;
  return hljs.getLanguage(guess) ? guess : null;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The text as escaped HTML without colours, one string per line: what a hit shows until it is coloured. */
export function plainLines(text: string): string[] {
  return escapeHtml(text).split('\n');
}

/** The text as highlighted HTML, one string per line, with spans closed and reopened at line ends. */
export function highlightLines(text: string, language: string | null | undefined, file: string): string[] {
  const name = languageName(language, file);
  const html = name ? hljs.highlight(text, { language: name, ignoreIllegals: true }).value : escapeHtml(text);
  const lines: string[] = [];
  const open: string[] = [];
  let current = '';
  for (let i = 0; i < html.length;) {
    if (html.startsWith('<span', i)) {
      const end = html.indexOf('>', i) + 1;
      const tag = html.slice(i, end);
      open.push(tag);
      current += tag;
      i = end;
    } else if (html.startsWith('</span>', i)) {
      open.pop();
      current += '</span>';
      i += 7;
    } else if (html[i] === '\n') {
      lines.push(current + '</span>'.repeat(open.length));
      current = open.join('');
      i += 1;
    } else {
      current += html[i];
      i += 1;
    }
  }
  lines.push(current + '</span>'.repeat(open.length));
  return lines;
}

/** Wraps the plain-text ranges [start, end) of one highlighted line in <mark>, closing it around tags. */
export function markRanges(lineHtml: string, ranges: readonly (readonly [number, number])[]): string {
  if (ranges.length === 0) return lineHtml;
  const inside = (pos: number) => ranges.some(([s, e]) => pos >= s && pos < e);
  let out = '';
  let pos = 0;
  let marking = false;
  for (let i = 0; i < lineHtml.length;) {
    if (lineHtml[i] === '<') {
      const end = lineHtml.indexOf('>', i) + 1;
      if (marking) { out += '</mark>'; marking = false; }
      out += lineHtml.slice(i, end);
      i = end;
      continue;
    }
    const want = inside(pos);
    if (want && !marking) { out += '<mark>'; marking = true; }
    if (!want && marking) { out += '</mark>'; marking = false; }
    if (lineHtml[i] === '&') {
      const end = lineHtml.indexOf(';', i) + 1;
      out += lineHtml.slice(i, end);
      i = end;
    } else {
      out += lineHtml[i];
      i += 1;
    }
    pos += 1;
  }
  if (marking) out += '</mark>';
  return out;
}
