/**
 * @module contracts/error-map
 * The custom zod error map: every zod issue of a tool's input schema becomes
 * a catalogue message in the caller's locale, never zod's own text. Each tool
 * family speaks its contract's dialect: search_code's "Validation failed: ..."
 * (the search_code contract), the medicines' Czech parameter texts (the MCP
 * contract), and the live tools' next-step texts (the live-search contract).
 * Refinements raise `custom` issues that carry their own key
 * (`params: { key, params }`).
 */
import type { z } from 'zod';
import { message, type Locale, type MessageKey, type MessageParams } from './messages/index.js';

export type Dialect = 'code' | 'live' | 'medicines';

/** A catalogue text: what an issue turns into. */
export interface IssueText {
  key: MessageKey;
  params: MessageParams;
}

type RawIssue = z.core.$ZodRawIssue;

/** A custom issue for `ctx.addIssue` in refinements and transforms: its message is a catalogue key. */
export function catalogueIssue(key: MessageKey, params: MessageParams = {}, path: PropertyKey[] = []): z.core.$ZodRawIssue {
  return { code: 'custom', path, input: undefined, params: { key, params } } as unknown as z.core.$ZodRawIssue;
}

const TYPE_KEYS: Record<string, MessageKey> = {
  string: 'type.string', boolean: 'type.boolean', number: 'type.number', int: 'type.integer',
  array: 'type.array', object: 'type.object',
};

/** The facts of a zod issue every dialect needs, read once. */
interface Facts {
  code: string;
  /** The parameter's name (first path segment), '' at the top level. */
  param: string;
  /** Set when the issue is about an item of an array parameter. */
  item: number | undefined;
  input: unknown;
  issue: RawIssue & Record<string, unknown>;
}

function factsOf(issue: RawIssue): Facts {
  const path = issue.path ?? [];
  const item = path.length > 1 && typeof path[1] === 'number' ? path[1] : undefined;
  return { code: issue.code ?? 'custom', param: path.length > 0 ? String(path[0]) : '', item, input: issue.input, issue: issue };
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? String(value));

function knownParams(issue: Facts['issue']): string {
  const shape = (issue.inst as { _zod?: { def?: { shape?: object } } } | undefined)?._zod?.def?.shape;
  return shape ? Object.keys(shape).join(', ') : '';
}

function expectedKey(issue: Facts['issue']): MessageKey {
  return TYPE_KEYS[String(issue.expected)] ?? 'type.string';
}

function codeDialect(f: Facts, locale: Locale): IssueText {
  const { issue, param } = f;
  const isNumber = issue.expected === 'number' || issue.expected === 'int' || issue.origin === 'number';
  switch (f.code) {
    case 'unrecognized_keys':
      return { key: 'search_code.unknown_param', params: { param: String((issue.keys as string[])[0]), known: knownParams(issue) } };
    case 'invalid_type':
      if (param === '') return { key: 'tool.args_not_object', params: {} };
      if (f.input === undefined) return param === 'query' ? { key: 'search_code.query_required', params: {} } : { key: 'search_code.param_required', params: { param } };
      if (isNumber) return { key: 'search_code.not_integer', params: { param, value: JSON.stringify(f.input) } };
      return { key: 'search_code.type_invalid', params: { param, expected: message(expectedKey(issue), {}, locale) } };
    case 'too_small':
      if (issue.origin === 'string') return param === 'query' ? { key: 'search_code.query_empty', params: {} } : { key: 'search_code.param_empty', params: { param } };
      return { key: 'search_code.below_min', params: { param, min: Number(issue.minimum), value: shown(f.input) } };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'search_code.too_long', params: { param, max: Number(issue.maximum), length: String(f.input ?? '').length } };
      return { key: 'search_code.above_max', params: { param, max: Number(issue.maximum), value: shown(f.input) } };
    case 'invalid_value':
      return { key: 'search_code.enum_invalid', params: { param, value: shown(f.input), valid: (issue.values as unknown[]).join(', ') } };
    default:
      return { key: 'search_code.type_invalid', params: { param, expected: message(expectedKey(issue), {}, locale) } };
  }
}

function liveDialect(f: Facts, locale: Locale): IssueText {
  const { issue, param } = f;
  const isNumber = issue.expected === 'number' || issue.expected === 'int' || issue.origin === 'number';
  switch (f.code) {
    case 'unrecognized_keys':
      return { key: 'live.unknown_param', params: { param: String((issue.keys as string[])[0]), known: knownParams(issue) } };
    case 'invalid_type':
      if (param === '') return { key: 'tool.args_not_object', params: {} };
      if (f.input === undefined && f.item === undefined) return param === 'roots' ? { key: 'live.roots_required', params: {} } : { key: 'live.param_required', params: { param } };
      if (isNumber) return { key: 'live.not_integer', params: { param, value: JSON.stringify(f.input) } };
      return { key: 'live.type_invalid', params: { param, expected: message(expectedKey(issue), {}, locale) } };
    case 'too_small':
      if (issue.origin === 'array') return param === 'roots' ? { key: 'live.roots_required', params: {} } : { key: 'live.param_empty', params: { param } };
      if (issue.origin === 'string') return { key: 'live.param_empty', params: { param } };
      return { key: 'live.below_min', params: { param, min: Number(issue.minimum), value: shown(f.input) } };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'live.too_long', params: { param, max: Number(issue.maximum), length: String(f.input ?? '').length } };
      if (issue.origin === 'array') return { key: 'live.too_many_items', params: { param, max: Number(issue.maximum), count: Array.isArray(f.input) ? f.input.length : '?' } };
      return { key: 'live.above_max', params: { param, max: Number(issue.maximum), value: shown(f.input) } };
    case 'invalid_value':
      return { key: 'live.enum_invalid', params: { param, value: shown(f.input), valid: (issue.values as unknown[]).join(', ') } };
    default:
      return { key: 'live.type_invalid', params: { param, expected: message(expectedKey(issue), {}, locale) } };
  }
}

/** The MCP contract names a parameter as the tool's texts do: "Parametr 'sukl_code' ...". */
function medicinesDialect(f: Facts): IssueText {
  const { issue, param } = f;
  const name = param;
  switch (f.code) {
    case 'unrecognized_keys':
      return { key: 'medicines.unknown_param', params: { name: String((issue.keys as string[])[0]), known: knownParams(issue) } };
    case 'too_small':
      if (issue.origin === 'number') return { key: 'medicines.param_min', params: { name, min: Number(issue.minimum) } };
      break;
    case 'too_big':
      if (issue.origin === 'array') return { key: 'medicines.too_many_codes', params: { max: Number(issue.maximum) } };
      if (issue.origin === 'string' && f.item === undefined) return { key: 'medicines.query_too_long', params: { max: Number(issue.maximum) } };
      break;
    case 'invalid_type':
      if (param === '') return { key: 'tool.args_not_object', params: {} };
      if (issue.expected === 'number' || issue.expected === 'int') return { key: 'medicines.param_number', params: { name } };
      break;
  }
  // Missing, wrong type, empty: the MCP contract has one text per shape of parameter.
  const isArray = f.item !== undefined || issue.expected === 'array' || issue.origin === 'array';
  return { key: isArray ? 'medicines.param_string_array' : 'medicines.param_string', params: { name } };
}

/** The catalogue text of one zod issue in a dialect. */
export function issueText(issue: RawIssue, dialect: Dialect, locale: Locale): IssueText {
  if (issue.code === 'custom') {
    const custom = (issue as { params?: { key?: MessageKey; params?: MessageParams } }).params;
    if (custom?.key) return { key: custom.key, params: custom.params ?? {} };
  }
  const facts = factsOf(issue);
  if (dialect === 'code') return codeDialect(facts, locale);
  if (dialect === 'live') return liveDialect(facts, locale);
  return medicinesDialect(facts);
}

/** The key a dialect wraps its validation texts in, if any. */
export function dialectWrap(dialect: Dialect): MessageKey | undefined {
  return dialect === 'code' ? 'search_code.validation_failed' : undefined;
}

/**
 * A zod error map (`safeParse(raw, { error })`) rendering every issue from
 * the catalogue in `locale`; `seen` receives each issue's key and parameters
 * in the order zod reports the issues.
 */
export function toolErrorMap(dialect: Dialect, locale: Locale, seen: IssueText[] = []): z.core.$ZodErrorMap {
  return (issue) => {
    const text = issueText(issue, dialect, locale);
    seen.push(text);
    return message(text.key, text.params, locale);
  };
}
