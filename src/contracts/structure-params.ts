/**
 * @module contracts/structure-params
 * The `search_structure` contract as one strict zod schema: an ast-grep
 * pattern and/or rule object, the language (inferred from `paths` when they
 * all name one), paths or globs, the page and the detail level. Everything a
 * caller can get wrong without parsing code is refused here, in the caller's
 * locale and in milliseconds: an unknown language, a rule key ast-grep does
 * not have, a pattern too long or nested too deep. What only ast-grep can
 * judge (a pattern that does not parse, an unknown node kind) is refused by
 * the search worker with the same catalogue words.
 */
import { z } from 'zod';
import { catalogueIssue } from './error-map.js';
import { DETAIL_LEVELS, type DetailLevel } from './search-code-params.js';
import { STRUCTURE } from './structure-limits.js';
import type { Locale } from './messages/index.js';
import { caseInsensitiveEnum, clampedInt, parseToolArgs, toolSchema, withDefault } from './tool-input.js';

/**
 * The languages structural search parses, with the file extensions ast-grep's command line gives
 * each by default (so both pick the same files) and the index's language of those files.
 */
export const STRUCTURE_LANGUAGES = {
  c: { extensions: ['c', 'h'], indexed: 'c' },
  python: { extensions: ['py', 'py3', 'pyi', 'bzl'], indexed: 'python' },
  go: { extensions: ['go'], indexed: 'go' },
  rust: { extensions: ['rs'], indexed: 'rust' },
  typescript: { extensions: ['ts', 'cts', 'mts'], indexed: 'typescript' },
  tsx: { extensions: ['tsx'], indexed: 'typescript' },
  javascript: { extensions: ['js', 'cjs', 'mjs', 'jsx'], indexed: 'javascript' },
  html: { extensions: ['html', 'htm', 'xhtml'], indexed: 'html' },
  css: { extensions: ['css', 'scss'], indexed: 'css' },
} as const satisfies Record<string, { extensions: readonly string[]; indexed: string }>;

export type StructureLanguage = keyof typeof STRUCTURE_LANGUAGES;

const LANGUAGE_NAMES = Object.keys(STRUCTURE_LANGUAGES) as StructureLanguage[];

const ALIASES: Readonly<Record<string, StructureLanguage>> = {
  py: 'python', golang: 'go', rs: 'rust', ts: 'typescript', js: 'javascript', jsx: 'javascript', h: 'c',
};

/** A language name or alias, case-insensitive; null when structural search has no such language. */
export function normalizeStructureLanguage(value: string): StructureLanguage | null {
  const folded = value.trim().toLowerCase();
  if ((LANGUAGE_NAMES as string[]).includes(folded)) return folded as StructureLanguage;
  return ALIASES[folded] ?? null;
}

/** The language ast-grep gives a file by its extension, or null. */
export function structureLanguageOf(file: string): StructureLanguage | null {
  const base = file.slice(file.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = base.slice(dot + 1);
  for (const name of LANGUAGE_NAMES) if ((STRUCTURE_LANGUAGES[name].extensions as readonly string[]).includes(extension)) return name;
  return null;
}

/** How deep `()`, `[]` and `{}` nest in a pattern (unbalanced closers ignored); linear, no parse. */
export function bracketDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (const ch of text) {
    if (ch === '(' || ch === '[' || ch === '{') deepest = Math.max(deepest, ++depth);
    else if ((ch === ')' || ch === ']' || ch === '}') && depth > 0) depth--;
  }
  return deepest;
}

/** An ast-grep rule object (https://ast-grep.github.io/reference/rule.html), checked by `ruleIssue`. */
export type StructureRule = Record<string, unknown>;

const RULE_KEYS = ['pattern', 'kind', 'regex', 'nthChild', 'range', 'inside', 'has', 'precedes', 'follows', 'all', 'any', 'not'] as const;
const RELATION_KEYS = ['stopBy', 'field'] as const;
const RELATIONS = new Set(['inside', 'has', 'precedes', 'follows']);
const STRICTNESS = ['cst', 'smart', 'ast', 'relaxed', 'signature'];

type Found = { key: Parameters<typeof catalogueIssue>[0]; params: Record<string, string | number> };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A pattern's own bounds: length and bracket depth (a rule's patterns get the same). */
function patternIssue(text: string, at: string): Found | null {
  if (text.length > STRUCTURE.patternMaxChars) return { key: 'search_code.too_long', params: { param: at, max: STRUCTURE.patternMaxChars, length: text.length } };
  const depth = bracketDepth(text);
  if (depth > STRUCTURE.patternMaxDepth) return { key: 'structure.pattern_too_deep', params: { param: at, depth, max: STRUCTURE.patternMaxDepth } };
  return null;
}

function stringIssue(value: unknown, at: string): Found | null {
  if (typeof value !== 'string') return { key: 'structure.rule_value', params: { at, expected: 'string' } };
  return patternIssue(value, at);
}

/**
 * The first thing wrong with a rule, walked without recursion: unknown keys (ast-grep's `matches`
 * needs utility rules, which this tool does not take), values of the wrong shape, too deep or too
 * large. Semantics (a node kind the language lacks, a rule with no positive matcher) are ast-grep's.
 */
export function ruleIssue(rule: unknown): Found | null {
  const stack: { value: unknown; at: string; depth: number; relation: boolean }[] = [{ value: rule, at: 'rule', depth: 1, relation: false }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value, at, depth, relation } = stack.pop()!;
    if (depth > STRUCTURE.ruleMaxDepth) return { key: 'structure.rule_too_deep', params: { max: STRUCTURE.ruleMaxDepth } };
    if (++nodes > STRUCTURE.ruleMaxNodes) return { key: 'structure.rule_too_large', params: { max: STRUCTURE.ruleMaxNodes } };
    if (!isObject(value)) return { key: 'structure.rule_value', params: { at, expected: 'object' } };
    const known: readonly string[] = relation ? [...RULE_KEYS, ...RELATION_KEYS] : RULE_KEYS;
    const keys = Object.keys(value);
    if (keys.length === 0) return { key: 'structure.rule_empty', params: { at, known: RULE_KEYS.join(', ') } };
    for (const key of keys) {
      const here = `${at}.${key}`;
      const child = value[key];
      if (!known.includes(key)) return { key: 'structure.rule_unknown_key', params: { key, at, known: known.join(', ') } };
      switch (key) {
        case 'pattern': {
          if (typeof child === 'string') {
            const issue = patternIssue(child, here);
            if (issue) return issue;
            break;
          }
          if (!isObject(child)) return { key: 'structure.rule_value', params: { at: here, expected: 'string | {context, selector, strictness}' } };
          for (const [k, v] of Object.entries(child)) {
            if (k === 'context' || k === 'selector') {
              const issue = stringIssue(v, `${here}.${k}`);
              if (issue) return issue;
            } else if (k === 'strictness') {
              if (typeof v !== 'string' || !STRICTNESS.includes(v)) return { key: 'structure.rule_value', params: { at: `${here}.${k}`, expected: STRICTNESS.join(' | ') } };
            } else return { key: 'structure.rule_unknown_key', params: { key: k, at: here, known: 'context, selector, strictness' } };
          }
          if (typeof child.context !== 'string') return { key: 'structure.rule_value', params: { at: `${here}.context`, expected: 'string' } };
          break;
        }
        case 'kind': case 'regex': case 'field': {
          const issue = stringIssue(child, here);
          if (issue) return issue;
          break;
        }
        case 'nthChild':
          if (typeof child === 'number' ? !Number.isInteger(child) || child < 1 : typeof child === 'string' ? child.length > 64 : !isObject(child)) {
            return { key: 'structure.rule_value', params: { at: here, expected: 'integer >= 1 | "An+B" | {position, reverse, ofRule}' } };
          }
          if (isObject(child)) {
            for (const [k, v] of Object.entries(child)) {
              if (k === 'ofRule') stack.push({ value: v, at: `${here}.ofRule`, depth: depth + 1, relation: false });
              else if (k === 'reverse') { if (typeof v !== 'boolean') return { key: 'structure.rule_value', params: { at: `${here}.reverse`, expected: 'boolean' } }; }
              else if (k === 'position') { if (typeof v !== 'number' && !(typeof v === 'string' && v.length <= 64)) return { key: 'structure.rule_value', params: { at: `${here}.position`, expected: 'integer | "An+B"' } }; }
              else return { key: 'structure.rule_unknown_key', params: { key: k, at: here, known: 'position, reverse, ofRule' } };
            }
          }
          break;
        case 'range': {
          const point = (p: unknown) => isObject(p) && Object.keys(p).every((k) => k === 'line' || k === 'column') && Number.isInteger(p.line) && Number.isInteger(p.column);
          if (!isObject(child) || Object.keys(child).some((k) => k !== 'start' && k !== 'end') || !point(child.start) || !point(child.end)) {
            return { key: 'structure.rule_value', params: { at: here, expected: '{start: {line, column}, end: {line, column}}' } };
          }
          break;
        }
        case 'stopBy':
          if (child === 'neighbor' || child === 'end') break;
          stack.push({ value: child, at: here, depth: depth + 1, relation: false });
          break;
        case 'all': case 'any':
          if (!Array.isArray(child) || child.length === 0) return { key: 'structure.rule_value', params: { at: here, expected: 'non-empty array of rules' } };
          if (++nodes > STRUCTURE.ruleMaxNodes) return { key: 'structure.rule_too_large', params: { max: STRUCTURE.ruleMaxNodes } };
          child.forEach((item, i) => stack.push({ value: item, at: `${here}[${i}]`, depth: depth + 1, relation: false }));
          break;
        default: // not, and the relations
          stack.push({ value: child, at: here, depth: depth + 1, relation: RELATIONS.has(key) });
      }
    }
  }
  return null;
}

function normalizePattern(raw: string, ctx: z.RefinementCtx): string {
  if (raw.trim() === '') {
    ctx.addIssue(catalogueIssue('structure.pattern_empty'));
    return z.NEVER;
  }
  const issue = patternIssue(raw, 'pattern');
  if (issue) {
    ctx.addIssue(catalogueIssue(issue.key, issue.params));
    return z.NEVER;
  }
  return raw;
}

function normalizeLanguageParam(raw: string, ctx: z.RefinementCtx): StructureLanguage {
  const language = normalizeStructureLanguage(raw);
  if (!language) {
    ctx.addIssue(catalogueIssue('structure.language_unknown', { value: raw.slice(0, 40), valid: LANGUAGE_NAMES.join(', ') }));
    return z.NEVER;
  }
  return language;
}

function checkRule(raw: Record<string, unknown>, ctx: z.RefinementCtx): StructureRule {
  const issue = ruleIssue(raw);
  if (issue) {
    ctx.addIssue(catalogueIssue(issue.key, issue.params));
    return z.NEVER;
  }
  return raw;
}

/** A path or glob relative to the project: no `..` segment, not absolute. */
function checkPath(raw: string, ctx: z.RefinementCtx): string {
  const trimmed = raw.trim().replace(/^\.\/+/, '');
  if (trimmed.startsWith('/') || trimmed.startsWith('~') || trimmed.split(/[\\/]/).includes('..')) {
    ctx.addIssue(catalogueIssue('structure.path_outside', { value: raw.slice(0, 80) }));
    return z.NEVER;
  }
  return trimmed === '.' ? '' : trimmed;
}

const clampKey = 'search_code.clamped' as const;

export const structureFields = {
  pattern: z.string().meta({ maxLength: STRUCTURE.patternMaxChars }).transform(normalizePattern).optional().describe(
    'Code with $X for one node, $$$X for any number: "console.log($$$ARGS)".',
  ),
  language: z.string().transform(normalizeLanguageParam).optional().describe(
    `${LANGUAGE_NAMES.join(', ')} (or ts, py, js, rs); else inferred from paths.`,
  ),
  rule: z.record(z.string(), z.unknown()).transform(checkRule).optional().describe(
    'An ast-grep rule object (kind, has, inside, not, all, any, ...); with pattern, both must match.',
  ),
  paths: z.array(z.string().max(STRUCTURE.pathMaxChars).transform(checkPath)).max(STRUCTURE.pathsMax).optional().describe(
    'Folders or globs: "src/", "**/*.c".',
  ),
  repository: z.string().max(200).optional(),
  max_results: withDefault(clampedInt('max_results', STRUCTURE.maxResults, { clampKey }).optional(), STRUCTURE.maxResults.default),
  skip: z.number().int().min(STRUCTURE.skip.min).max(STRUCTURE.skip.max).optional(),
  detail_level: caseInsensitiveEnum(DETAIL_LEVELS).optional().describe('compact (default): a line and captures; full: the code too; ultra: the line.'),
};

export interface StructureParams {
  pattern: string | null;
  rule: StructureRule | null;
  language: StructureLanguage;
  /** Folder prefixes and globs (relative, no `..`); empty: everywhere. */
  paths: string[];
  repository: string | null;
  maxResults: number;
  skip: number;
  detailLevel: DetailLevel;
  warnings: string[];
}

/** The one language every path names by its extension, or null. */
export function languageOfPaths(paths: readonly string[]): StructureLanguage | null {
  const languages = new Set(paths.map(structureLanguageOf));
  const [only] = languages;
  return languages.size === 1 && only ? only : null;
}

/** search_structure's whole contract: raw arguments in, StructureParams out. */
export const structureSchema = toolSchema(structureFields, (value, ctx) => {
  if (value.pattern === undefined && value.rule === undefined) ctx.addIssue(catalogueIssue('structure.pattern_or_rule'));
  else if (value.language === undefined && languageOfPaths(value.paths ?? []) === null) {
    ctx.addIssue(catalogueIssue('structure.language_required', { valid: LANGUAGE_NAMES.join(', ') }));
  }
}).transform((v): StructureParams => ({
  pattern: v.pattern ?? null,
  rule: v.rule ?? null,
  language: v.language ?? languageOfPaths(v.paths ?? [])!,
  paths: (v.paths ?? []).filter((p) => p !== ''),
  repository: v.repository?.trim() || null,
  maxResults: v.max_results ?? STRUCTURE.maxResults.default,
  skip: v.skip ?? STRUCTURE.skip.default,
  detailLevel: v.detail_level ?? 'compact',
  warnings: v.warnings,
}));

/** Parses search_structure arguments with its schema (the tool, the CLI, the benchmark and tests). */
export function normalizeStructureParams(input: unknown, locale: Locale = 'en'): StructureParams {
  return parseToolArgs(structureSchema, input, { dialect: 'code', locale });
}
