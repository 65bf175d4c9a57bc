/**
 * @module bench/fuzz/hostile-values
 * fast-check generators of hostile values: random and grammar-built regexes,
 * FTS5 syntax, quoted phrases of repeated tokens, NUL and control
 * characters, huge numbers, wrong types, deep JSON, long paths, traversal
 * (relative, absolute, encoded, through symlinks) and odd encodings. They
 * know the fuzz tree's layout (see fuzz-tree.ts) so traversal aims at the
 * planted canary, never at the canary's full token.
 */
import fc from 'fast-check';

/** Names in the fuzz tree and beside it that path generators aim at. */
export interface TreeTargets {
  root: string;
  /** Folders outside the root, each holding canary.txt. */
  outside: string[];
  /** Search text that matches the canary line without containing its token. */
  canaryProbe: string;
}

const CONTROL = fc.constantFrom('\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u000b', '\u001b', '\u007f', '\u0085', '\u2028', '\u2029', '\ufeff', '\ud800', '\udfff', '\u202e');

/** Text with NUL, control characters, lone surrogates, RTL marks and wide characters mixed in. */
export const nastyText = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 4 }), CONTROL), { maxLength: 20 }).map((parts) => parts.join('')), weight: 3 },
  { weight: 3, arbitrary: fc.constantFrom('', ' ', '   \t\n', 'a\u0000b', '\u0000', 'Ｔｅｓｔ', 'テスト', '日本語の検索', 'příliš žluťoučký kůň', '🦀🦀', 'e\u0301', 'ı', 'ß', 'ǅ') },
  { arbitrary: fc.integer({ min: 300, max: 120_000 }).chain((n) => fc.constantFrom('a', 'é', '_', ' ', '\u0000', '(', 'テ').map((c) => c.repeat(n))), weight: 1 },
);

/** SQL, template and shell fragments, and FTS5 operators, quotes and column filters. */
export const ftsText = fc.oneof(
  fc.constantFrom(
    'OR', 'AND', 'NOT', 'NEAR', 'a OR b', 'a AND NOT b', 'NEAR(a b, 5)', 'NEAR(a b, -1)', 'NEAR(', '*', '* OR *', '^start', 'col:term', 'content:x',
    '"', '""', '"""', '"unbalanced', "'", "''", 'a"b', '\\"', '(', ')', '((a)', 'a)', '-term', '+term', '{a b}', '{a b}: c', 'a:b:c', 'x*', '"*"',
    "'; DROP TABLE files; --", 'OR 1=1', '${process.exit()}', '$(rm -rf /)', '`id`', '<script>alert(1)</script>', '%s%s%s%n', '{{7*7}}', 'NULL', 'undefined',
  ),
  fc.array(fc.constantFrom('OR', 'AND', 'NOT', 'NEAR', '"', '(', ')', '*', '^', ':', 'zod', 'fastify', 'parse', '-', '+', '{', '}'), { minLength: 1, maxLength: 30 }).map((t) => t.join(' ')),
);

/** Quoted phrases of repeated tokens: the shape that made a backtracking phrase matcher run for many seconds. */
export const phraseText = fc.tuple(fc.constantFrom('_', 'a', 'x', 'the', '0', '__'), fc.integer({ min: 2, max: 49 }), fc.constantFrom('zz', 'q', '', '"', 'x y'))
  .map(([tok, n, tail]) => `"${Array.from({ length: n }, () => tok).join(' ')} ${tail}"`);

const regexAtom = fc.constantFrom('a', 'b', '_', '.', '\\w', '\\d', '\\s', '\\b', '[a-z]', '[^x]', '\\p{Greek}', '\\x{41}', '\\Q.*\\E', '\\1', '\\k<n>', '(?=a)', '(?<=a)', '(?P<n>a)', '(?i)', 'ё', '\\', '[', '\\u0000', '$', '^');
const quantifier = fc.constantFrom('', '', '*', '+', '?', '*?', '{2}', '{1,3}', '{1000}', '{1001}', '{0,}', '{99999}', '{,5}');

/** Regexes built from a small grammar (groups, alternations, classes, quantifiers, backreference-like text). */
export const grammarRegex: fc.Arbitrary<string> = fc.letrec<{ re: string }>((tie) => ({
  re: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(regexAtom, quantifier).map(([a, q]) => a + q),
    fc.tuple(tie('re'), tie('re')).map(([a, b]) => a + b),
    fc.tuple(tie('re'), tie('re')).map(([a, b]) => `${a}|${b}`),
    fc.tuple(tie('re'), quantifier).map(([a, q]) => `(${a})${q}`),
    fc.tuple(tie('re'), quantifier).map(([a, q]) => `(?:${a})${q}`),
  ),
})).re;

/** Regexes that stress the planner and the matcher by size rather than shape. */
export const bigRegex = fc.oneof(
  fc.integer({ min: 10, max: 400 }).map((d) => `${'('.repeat(d)}a${')'.repeat(d)}`),
  fc.integer({ min: 10, max: 400 }).map((d) => `${'(?:'.repeat(d)}ab${')*'.repeat(d)}`),
  fc.integer({ min: 100, max: 6000 }).map((n) => Array.from({ length: n }, (_, i) => `w${i}x`).join('|')),
  fc.integer({ min: 2, max: 60 }).map((n) => '(a+)+'.repeat(n) + '$'),
  fc.integer({ min: 2, max: 30 }).map((n) => `(${'.*'.repeat(n)})\\1`),
  fc.constantFrom('.', '.*', '^', '$', '^$', '\\b', '(?s).', '[\\s\\S]', '.{500}', '(.)(.)(.)\\3\\2\\1', 'x{1000}{1000}', '((((((((((((((((((((a))))))))))))))))))))'),
);

export const regexText = fc.oneof(grammarRegex, bigRegex, fc.string({ maxLength: 30 }));

/** Anything a search box might receive. */
export function queryText(targets: TreeTargets): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: nastyText, weight: 3 },
    { arbitrary: ftsText, weight: 3 },
    { arbitrary: phraseText, weight: 2 },
    { arbitrary: regexText, weight: 4 },
    { arbitrary: fc.constantFrom('zod', 'fastify', 'parse', 'function', 'ZodError', 'reply.send', '_'.repeat(60), 'Shift_JIS', '日本語', targets.canaryProbe, 'canary', 'QCANARY'), weight: 2 },
  );
}

/** Paths that try to leave the root, plus ordinary ones so deeper code runs too. */
export function pathText(targets: TreeTargets): fc.Arbitrary<string> {
  const outside = targets.outside;
  return fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(
      '.', '', 'src', 'zod', 'fastify', 'hostile', 'encodings', 'hostile/minified.js', './', '.quarry', '.quarry/index.db', '.git',
      '..', '../', '../..', '../../..', '../../../../../../etc/passwd', '/etc/passwd', '/etc', '/', '/proc/self/environ', '~', '~/', '~root',
      '%2e%2e%2f', '..%2f..%2f', '%2e%2e/%2e%2e', '..%252f', '..\\..\\', '..\\', 'src/../../', 'src/../..', './../', '.../', '．．/', '..;/',
      'link-out-dir', 'link-out-dir/canary.txt', 'link-out-file', 'links/link-out-dir', 'links/link-out-file', 'links/loop', 'links/dangling', 'links/link-in',
      'file:///etc/passwd', '\\\\?\\C:\\', 'C:\\Windows', '//', '/./', '\u0000', 'src\u0000/../..', '*', '**/*', '{a,b}', '[', '-rf', '--version', '--pre=sh',
    ),
    fc.constantFrom(...outside.flatMap((dir) => [dir, `${dir}/canary.txt`, `${targets.root}/../${dir.split('/').pop()!}`, `../${dir.split('/').pop()!}`, `../${dir.split('/').pop()!}/canary.txt`])),
    fc.integer({ min: 50, max: 3000 }).map((n) => 'a/'.repeat(n)),
    fc.integer({ min: 256, max: 5000 }).map((n) => 'x'.repeat(n)),
    fc.integer({ min: 1, max: 40 }).map((n) => '../'.repeat(n) + 'etc/passwd'),
    fc.array(fc.constantFrom('..', '.', 'src', 'zod', '%2e%2e', 'link-out-dir', '', '\u0000', '~'), { minLength: 1, maxLength: 8 }).map((p) => p.join('/')),
    nastyText,
  );
}

export const encodingText = fc.oneof(
  fc.constantFrom(
    'utf-8', 'UTF8', 'shift_jis', 'Shift_JIS', 'sjis', 'cp932', 'utf-16', 'utf-16le', 'UTF-16BE', 'utf-32', 'UTF-32LE', 'utf-7', 'latin1', 'iso-8859-1', 'gbk',
    'gb2312', 'ascii', 'x-user-defined', 'replacement', 'binary', 'none', 'auto', '', ' ', 'utf-8\u0000', '../etc', '--pre=sh', 'euc-jp', 'big5', 'koi8-r', 'windows-1250',
  ),
  nastyText,
);

/** Numbers that break naive arithmetic: huge, tiny, negative, fractional, unsafe integers. */
export const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, 2 ** 53 + 2, -(2 ** 53), Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, 1e21, 1e-7, 0.5, -0.5, 1e308, 99999999999),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value nested `depth` levels deep, as arrays or objects. */
export function deepValue(depth: number, asObject: boolean): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = asObject ? { a: value } : [value];
  return value;
}

export const deepJson = fc.tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean()).map(([d, o]) => deepValue(d, o));

/** A value of any JSON type, hostile or not. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.oneof(nastyText, hostileNumber, fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({})), weight: 6 },
  { arbitrary: fc.oneof(fc.array(nastyText, { maxLength: 5 }), fc.dictionary(fc.string({ maxLength: 8 }), nastyText, { maxKeys: 4 })), weight: 2 },
  { arbitrary: deepJson, weight: 1 },
  { arbitrary: fc.integer({ min: 100, max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => `v${i}`)), weight: 1 },
);
