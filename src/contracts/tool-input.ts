/**
 * @module contracts/tool-input
 * How a tool's strict zod schema is built and parsed. The schema is the whole
 * contract: it validates, normalises (case-insensitive enums, trimmed text),
 * clamps numbers above a cap with a warning, and publishes its exact ranges
 * as JSON Schema (`io: 'input'`). Parsing runs synchronously inside a scope
 * that holds the caller's locale and collects the warnings that clamps and
 * business rules raise, so they reach the reply in the caller's language.
 */
import { z } from 'zod';
import { catalogueError } from './errors.js';
import { dialectWrap, issueText, toolErrorMap, type Dialect, type IssueText } from './error-map.js';
import { message, type Locale, type MessageKey, type MessageParams } from './messages/index.js';

interface Scope {
  locale: Locale;
  warnings: string[];
}

/** The parse in progress (zod parses synchronously, so one is enough). */
let active: Scope | null = null;

/** Adds a warning, in the caller's locale, to the reply of the call being parsed. */
export function warn(key: MessageKey, params: MessageParams = {}): void {
  active ??= { locale: 'en', warnings: [] };
  active.warnings.push(message(key, params, active.locale));
}

/** The locale of the call being parsed. */
export function parseLocale(): Locale {
  return active?.locale ?? 'en';
}

/** Null means "not given" (clients often send it for optional parameters). */
function dropNulls(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  return Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== null));
}

/**
 * A tool's contract from its fields: a strict object (unknown parameters are
 * refused), with nulls read as absent and the parse's warnings added as
 * `warnings`. `refine` adds rules between fields.
 */
export function toolSchema<Shape extends z.core.$ZodLooseShape>(
  shape: Shape,
  refine?: (value: z.output<z.ZodObject<Shape, z.core.$strict>>, ctx: z.RefinementCtx) => void,
) {
  const object = z.strictObject(shape);
  const checked = refine ? object.superRefine(refine) : object;
  return z.preprocess(dropNulls, checked).transform((value) => {
    const warnings = active?.warnings ?? [];
    return { ...value, warnings: [...warnings] };
  });
}

export interface IntRange {
  min: number;
  max: number;
  default?: number;
}

/**
 * An integer in [min, max]. Above max it is clamped with `clampKey`'s warning
 * (or silently when `silent`); below min it is refused, or clamped when
 * `clampBelow`. The published JSON Schema carries the exact range.
 */
export function clampedInt(param: string, range: IntRange, options: { clampKey?: MessageKey; silent?: boolean; clampBelow?: boolean; truncate?: boolean } = {}) {
  return z.preprocess((value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return value;
    const n = options.truncate ? Math.trunc(value) : value;
    if (!Number.isInteger(n)) return n;
    if (n > range.max) {
      if (!options.silent && options.clampKey) warn(options.clampKey, { param, value: n, max: range.max });
      return range.max;
    }
    if (n < range.min && options.clampBelow) return range.min;
    return n;
  }, z.number().int().min(range.min).max(range.max));
}

/** Defaults the published JSON Schema states, by field. */
const publishedDefaults = z.registry<{ default: unknown }>();

/**
 * A field whose JSON Schema says `default: value`, where prose would cost an
 * agent more tokens. Parsing still leaves it absent; the handler applies the
 * same value. (zod itself publishes no default of a field that transforms.)
 */
export function withDefault<Field extends z.ZodType>(field: Field, value: string | number): Field {
  publishedDefaults.add(field, { default: value });
  return field;
}

/**
 * A tool's input schema as every door publishes it (`io: 'input'`, with its
 * published defaults). An agent reads it at every session start, so keywords
 * that tell it nothing are left out: `$schema`, zod's safe-integer bounds on
 * an unbounded integer, a record's `propertyNames: {type: string}` and
 * `additionalProperties: {}` (true of every JSON object), and the top level's
 * `additionalProperties: false` (every tool refuses an unknown parameter,
 * naming the ones it takes). Validation is the zod schema's, unchanged.
 */
export function publishedJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    override: ({ zodSchema, jsonSchema }) => {
      const found = publishedDefault(zodSchema);
      if (found) jsonSchema.default = found.default;
    },
  }) as Record<string, unknown>;
  delete json.$schema;
  delete json.additionalProperties;
  return withoutEmptyKeywords(json) as Record<string, unknown>;
}

/** A field's published default, also through the copies `.describe()` makes (each names its original as parent, as zod's own metadata does). */
function publishedDefault(field: z.core.$ZodType): { default: unknown } | undefined {
  for (let at: z.core.$ZodType | undefined = field; at; at = at._zod.parent) {
    const found = publishedDefaults.get(at as z.ZodType);
    if (found) return found;
  }
  return undefined;
}

const isEmptyObject = (value: unknown) => value !== null && typeof value === 'object' && Object.keys(value).length === 0;

function withoutEmptyKeywords(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutEmptyKeywords);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties') {
      out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, field]) => [name, withoutEmptyKeywords(field)]));
      continue;
    }
    if ((key === 'maximum' && value === Number.MAX_SAFE_INTEGER) || (key === 'minimum' && value === Number.MIN_SAFE_INTEGER)) continue;
    if (key === 'additionalProperties' && isEmptyObject(value)) continue;
    if (key === 'propertyNames' && JSON.stringify(value) === '{"type":"string"}') continue;
    out[key] = withoutEmptyKeywords(value);
  }
  return out;
}

/** A string enum matched case-insensitively ("TEXT" is "text"); JSON Schema lists the values. */
export function caseInsensitiveEnum<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), z.enum(values));
}

/** The outcome of parsing a tool's raw arguments. */
export interface ParseOptions {
  dialect: Dialect;
  locale: Locale;
  /** The key the issue's text is wrapped in; the dialect's own by default. */
  wrap?: MessageKey;
}

/**
 * Parses raw arguments with a tool schema. A failure is one INVALID_ARGUMENT
 * QuarryError with the catalogue text of the first issue (an unknown
 * parameter first, as it usually explains the rest), in the caller's locale.
 */
export function parseToolArgs<Schema extends z.ZodType>(schema: Schema, raw: unknown, options: ParseOptions): z.output<Schema> {
  const outer = active;
  active = { locale: options.locale, warnings: [] };
  const seen: IssueText[] = [];
  try {
    const parsed = schema.safeParse(raw ?? {}, { error: toolErrorMap(options.dialect, options.locale, seen) });
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues;
    const unknown = issues.findIndex((issue) => issue.code === 'unrecognized_keys');
    const index = unknown >= 0 ? unknown : 0;
    const first = issues[index]!;
    // `seen` lines up with the issues when every issue went through the map; a schema's own inline text would not.
    const text = seen.length === issues.length ? seen[index]! : issueText(first as unknown as z.core.$ZodRawIssue, options.dialect, options.locale);
    throw catalogueError('INVALID_ARGUMENT', { ...text, wrap: options.wrap ?? dialectWrap(options.dialect) }, options.locale, {
      key: text.key, ...text.params, param: first.path[0] ?? null, issues: issues.map((issue) => ({ path: issue.path, message: issue.message })),
    });
  } finally {
    active = outer;
  }
}

/**
 * Parses a REST request body with its contract (contracts/rest-api): a
 * failure says "Invalid request: <the catalogue's text>" in `locale`, never zod's own words.
 */
export function parseRequestBody<Schema extends z.ZodType>(schema: Schema, raw: unknown, locale: Locale = 'en'): z.output<Schema> {
  return parseToolArgs(schema, raw ?? {}, { dialect: 'code', locale, wrap: 'http.invalid_request' });
}

/** Whether a JSON value nests deeper than `max` arrays/objects (walked without recursion). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}
