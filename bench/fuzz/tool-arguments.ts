/**
 * @module bench/fuzz/tool-arguments
 * Builds hostile arguments for any tool from the JSON schema it publishes in
 * MCP `tools/list`, so every tool in the registry is fuzzed without a list
 * kept here: each property gets a value of its own type (often hostile),
 * another type, or an aimed value chosen by its name (paths, queries,
 * encodings, codes); required keys are sometimes dropped and unknown keys added.
 */
import fc from 'fast-check';
import { anyValue, deepJson, encodingText, hostileNumber, nastyText, pathText, queryText, type TreeTargets } from './hostile-values.js';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
}

export interface ToolSpec {
  name: string;
  inputSchema: JsonSchema;
}

function typeOf(schema: JsonSchema): string {
  if (schema.enum) return 'enum';
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.[0]) return typeOf(union[0]);
  return (Array.isArray(schema.type) ? schema.type[0] : schema.type) ?? 'any';
}

/** Aimed values for a property, chosen by what its name says it holds. */
function aimedValue(name: string, targets: TreeTargets): fc.Arbitrary<unknown> | null {
  const n = name.toLowerCase();
  if (/(^|_)(roots|files|paths|exclude|include_globs|exclude_globs|extensions)$/.test(n)) return fc.array(pathText(targets), { minLength: 0, maxLength: 4 });
  if (/(root|file|path|folder|repository|dir)/.test(n)) return pathText(targets);
  if (/(query|pattern|symbol|regex|city)/.test(n)) return queryText(targets);
  if (n.includes('encoding')) return encodingText;
  if (n.includes('cursor')) return fc.oneof(nastyText, fc.base64String({ maxLength: 200 }), fc.constantFrom('eyJ4IjoxfQ', 'e30', '.', 'A'.repeat(5000)));
  if (/(sukl|atc|code)/.test(n)) return fc.oneof(fc.constantFrom('0000113', '113', '00000000000000000000113', '-1', '1e3', 'N02BE01', 'n02', 'A', '%', '_', '"'), nastyText);
  if (/(size|changed|within|before)/.test(n)) return fc.oneof(fc.constantFrom('+10k', '-2M', '99999999999999G', '1e400', '-0', '2d', '10h', '2024-13-45', '9999-99-99', 'now'), nastyText);
  if (/(locale|lang)/.test(n)) return fc.constantFrom('en', 'ja', 'cs', 'xx', '', '../', 'en\u0000', 'ja-JP', 'C');
  return null;
}

function valueOfType(schema: JsonSchema, name: string, targets: TreeTargets): fc.Arbitrary<unknown> {
  switch (typeOf(schema)) {
    case 'enum': {
      const values = (schema.enum ?? []);
      const strings = values.filter((v): v is string => typeof v === 'string');
      return fc.oneof(fc.constantFrom(...values), ...(strings.length ? [fc.constantFrom(...strings).map((s) => s.toUpperCase()), fc.constantFrom(...strings).map((s) => ` ${s}\u0000`)] : []));
    }
    case 'string': return aimedValue(name, targets) ?? nastyText;
    case 'integer':
    case 'number': {
      const edges = [schema.minimum, schema.maximum].filter((v): v is number => typeof v === 'number').flatMap((v) => [v - 1, v, v + 1]);
      return fc.oneof(hostileNumber, ...(edges.length ? [fc.constantFrom(...edges)] : []));
    }
    case 'boolean': return fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1, 'yes', null));
    case 'array': {
      const item = schema.items ? valueOfType(schema.items, name, targets) : anyValue;
      return fc.oneof({ arbitrary: fc.array(item, { maxLength: 6 }), weight: 8 }, { arbitrary: fc.integer({ min: 51, max: 5000 }).map((n) => Array.from({ length: n }, (_, i) => String(i))), weight: 1 });
    }
    case 'object': return fc.oneof({ arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), anyValue, { maxKeys: 5 }), weight: 4 }, { arbitrary: deepJson, weight: 1 });
    default: return anyValue;
  }
}

/** Hostile arguments for one tool, shaped by its published schema. */
export function toolArguments(tool: ToolSpec, targets: TreeTargets): fc.Arbitrary<unknown> {
  const props = tool.inputSchema.properties ?? {};
  const names = Object.keys(props);
  const required = new Set(tool.inputSchema.required ?? []);
  const perProperty = names.map((name) => {
    const own = valueOfType(props[name]!, name, targets);
    const aimed = aimedValue(name, targets);
    // Absent (for optional ones), its own type, an aimed value, or any other type.
    const present = fc.oneof({ arbitrary: own, weight: 6 }, ...(aimed ? [{ arbitrary: aimed, weight: 3 }] : []), { arbitrary: anyValue, weight: 1 });
    return fc.tuple(fc.constant(name), fc.oneof({ arbitrary: present, weight: required.has(name) ? 12 : 4 }, { arbitrary: fc.constant(undefined), weight: required.has(name) ? 1 : 4 }));
  });
  const object = fc.tuple(fc.tuple(...perProperty), fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'extra', 'roots ', 'QUERY', '\u0000', ''), anyValue, { maxKeys: 1 }), fc.integer({ min: 0, max: 19 }))
    .map(([pairs, extra, dice]) => {
      const args: Record<string, unknown> = {};
      for (const [k, v] of pairs) if (v !== undefined) args[k] = v;
      return dice === 0 ? { ...args, ...extra } : args;
    });
  // Now and then the arguments are not an object at all.
  return fc.oneof({ arbitrary: object, weight: 30 }, { arbitrary: fc.constantFrom(null, [], 'query', 42, true, [{ query: 'x' }]), weight: 1 }, { arbitrary: deepJson, weight: 1 });
}
