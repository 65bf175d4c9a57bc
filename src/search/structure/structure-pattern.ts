/**
 * @module search/structure/structure-pattern
 * A search_structure request compiled for ast-grep: the matcher (the
 * pattern, the rule, or both under `all`), checked once against an empty
 * document so a bad pattern or rule fails before any file is read; the
 * literal words every match must contain (the index's pre-filter); and the
 * names of the metavariables whose captured text each match reports.
 *
 * A pattern that is no code of the language is refused (ast-grep itself
 * only warns, then matches nothing). The literal words are read from the leaves of
 * the pattern's own tree, not its text: a leaf that is no metavariable and no
 * comment must appear verbatim in every match (ast-grep compares leaves by
 * text), so each word of it is in the matched file. Only patterns a match
 * must satisfy give words: the top pattern, and `has`, `inside`, `precedes`,
 * `follows` and `all` of the rule; `not` and `any` give none.
 */
import { parse, type NapiConfig } from '@ast-grep/napi';
import { validationError } from '../../contracts/search-code-params.js';
import type { StructureLanguage, StructureParams, StructureRule } from '../../contracts/structure-params.js';
import { STRUCTURE } from '../../contracts/structure-limits.js';
import { expandPattern, holdsMetavariable, napiLanguage } from './ast-grep-languages.js';

export interface CompiledStructure {
  language: string;
  config: NapiConfig;
  /** Words every match holds, longest first (at most STRUCTURE.literalsMax). */
  literals: string[];
  /** Capturing metavariables (`$A`, `$$$ARGS`; not `$_` or `$_X`), in the order they first appear. */
  metavariables: string[];
}

type SgNode = ReturnType<ReturnType<typeof parse>['root']>;

/** Identifier-like runs of a leaf's text: literal words a trigram index can be asked for. */
const WORD = /[A-Za-z0-9_]+/g;
/** A capturing metavariable: `$NAME` or `$$$NAME` with an upper-case first letter. */
const METAVARIABLE = /\$(?:\$\$)?([A-Z][A-Z0-9_]*)/g;

/** ast-grep's multi-line error text on one line, its `|->` markers dropped. */
function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n').map((line) => line.replace(/^\s*\|->\s*/, '').trim()).filter(Boolean).join(' ').slice(0, 300);
}

/** The leaves of a tree outside ERROR nodes, iteratively (a pattern is at most STRUCTURE.patternMaxChars long). */
function leaves(root: SgNode): SgNode[] {
  const out: SgNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind() === 'ERROR') continue;
    const children = node.children();
    if (children.length === 0) out.push(node);
    else for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return out;
}

/**
 * The node a pattern matches with: ast-grep goes down from the root while a node has one child. An
 * ERROR there means the pattern is no code of the language ("g(", "((("), refused; an ERROR deeper
 * in it ("{ $$$B }" in C) ast-grep reads through, and so does this search (with no literal words from it).
 */
function matcherNode(root: SgNode): SgNode {
  let node = root;
  for (let children = node.children(); children.length === 1; children = node.children()) node = children[0]!;
  return node;
}

/** The pattern's tree, refused when it is no code of the language; then its literal words. */
function patternWords(language: StructureLanguage, napi: string, pattern: string, param: string): string[] {
  const root = parse(napi, expandPattern(language, pattern)).root();
  const top = matcherNode(root);
  if (top.kind() === 'ERROR') {
    throw validationError('structure.pattern_syntax_error', { param, language, near: top.text().trim().slice(0, 60) });
  }
  const words: string[] = [];
  for (const leaf of leaves(root)) {
    if (String(leaf.kind()).includes('comment')) continue;
    const text = leaf.text();
    if (holdsMetavariable(text)) continue;
    for (const word of text.match(WORD) ?? []) if (word.length >= STRUCTURE.literalMinChars) words.push(word);
  }
  return words;
}

/** The string patterns a match must satisfy, with where they sit in the request. */
function requiredPatterns(params: StructureParams): { pattern: string; at: string }[] {
  const found: { pattern: string; at: string }[] = [];
  if (params.pattern !== null) found.push({ pattern: params.pattern, at: 'pattern' });
  const stack: { rule: unknown; at: string }[] = params.rule ? [{ rule: params.rule, at: 'rule' }] : [];
  while (stack.length > 0) {
    const { rule, at } = stack.pop()!;
    if (!rule || typeof rule !== 'object' || Array.isArray(rule)) continue;
    const r = rule as StructureRule;
    if (typeof r.pattern === 'string') found.push({ pattern: r.pattern, at: `${at}.pattern` });
    for (const key of ['has', 'inside', 'precedes', 'follows']) if (r[key] !== undefined) stack.push({ rule: r[key], at: `${at}.${key}` });
    if (Array.isArray(r.all)) r.all.forEach((item, i) => stack.push({ rule: item, at: `${at}.all[${i}]` }));
  }
  return found;
}

/** Every pattern string of the request, required or not (for the metavariables' names). */
function allPatternTexts(params: StructureParams): string[] {
  const texts: string[] = params.pattern !== null ? [params.pattern] : [];
  if (params.rule) {
    JSON.stringify(params.rule, (key, value: unknown) => {
      if ((key === 'pattern' || key === 'context') && typeof value === 'string') texts.push(value);
      return value;
    });
  }
  return texts;
}

export function compileStructure(params: StructureParams): CompiledStructure {
  const napi = napiLanguage(params.language);
  const words = new Set<string>();
  for (const { pattern, at } of requiredPatterns(params)) for (const word of patternWords(params.language, napi, pattern, at)) words.add(word);
  const rule: NapiConfig['rule'] = params.pattern !== null && params.rule
    ? { all: [{ pattern: params.pattern }, params.rule] }
    : params.pattern !== null ? { pattern: params.pattern } : params.rule as NapiConfig['rule'];
  const config: NapiConfig = { rule };
  try {
    // An empty document: ast-grep compiles the matcher (and refuses it) before it walks anything.
    parse(napi, '').root().findAll(config);
  } catch (error) {
    throw params.rule
      ? validationError('structure.rule_rejected', { reason: oneLine(error) })
      : validationError('structure.pattern_unparsable', { param: 'pattern', language: params.language, reason: oneLine(error) });
  }
  const metavariables: string[] = [];
  for (const text of allPatternTexts(params)) {
    for (const match of text.matchAll(METAVARIABLE)) if (!metavariables.includes(match[1]!)) metavariables.push(match[1]!);
  }
  const literals = [...words].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).slice(0, STRUCTURE.literalsMax);
  return { language: napi, config, literals, metavariables };
}
