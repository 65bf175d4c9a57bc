// @ts-check
/**
 * ESLint flat config: typescript-eslint's type-checked rules over everything
 * tsconfig.json checks, the house rules that a rule can pin, and the
 * formatting checks (`npm run format` applies the fixable ones).
 */
import js from '@eslint/js';
import stylistic from '@stylistic/eslint-plugin';
import tseslint from 'typescript-eslint';

/** Syntax the house does not write in src/ (each with the rule it keeps). */
const HOUSE_SYNTAX = [
  { selector: 'NewExpression[callee.name="RegExp"]', message: 'No RegExp built at run time in src/: user regexes run on RE2, phrases compare tokens (src/search/no-user-regexp.test.ts keeps the allow-list).' },
  { selector: 'CallExpression[callee.name="RegExp"]', message: 'No RegExp built at run time in src/: user regexes run on RE2, phrases compare tokens (src/search/no-user-regexp.test.ts keeps the allow-list).' },
  { selector: 'ExportDefaultDeclaration', message: 'Named exports only (STYLE.md 2.1).' },
  { selector: 'ExportSpecifier[exported.name="default"]', message: 'Named exports only (STYLE.md 2.1).' },
];

/** The rules about `any` values, for code that reads untyped JSON replies on purpose. */
const UNSAFE_ANY_OFF = /** @type {const} */ ({
  '@typescript-eslint/no-explicit-any': 'off',
  '@typescript-eslint/no-unsafe-assignment': 'off',
  '@typescript-eslint/no-unsafe-member-access': 'off',
  '@typescript-eslint/no-unsafe-call': 'off',
  '@typescript-eslint/no-unsafe-return': 'off',
  '@typescript-eslint/no-unsafe-argument': 'off',
});

export default tseslint.config(
  // test-fixtures/ holds other projects' code for tests to index, not Quarry's own.
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '**/*.d.ts', 'test-fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Tools, routes and window stores implement Promise-returning interfaces; a synchronous body is fine.
      '@typescript-eslint/require-await': 'off',
      // String(x) of an unknown value is deliberate where an input or a cause is echoed into a message.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    files: ['src/**/*.test.ts', 'src/test-support/**', 'bench/**/*.test.ts'],
    rules: {
      // Tests read JSON replies as `any` and the assertions are the shape check; the unsafe-any rules would only restate them.
      ...UNSAFE_ANY_OFF,
    },
  },
  {
    // The formatting check: the house's dense lines as they are (see CONTRIBUTING.md); `npm run format` fixes what it can.
    // Template literals and the web page's flat JSX ternary chains keep the indentation they are written with.
    plugins: { '@stylistic': stylistic },
    rules: {
      '@stylistic/indent': ['error', 2, { SwitchCase: 1, ignoredNodes: ['TemplateLiteral *', 'JSXExpressionContainer ConditionalExpression'] }],
      '@stylistic/quotes': ['error', 'single', { avoidEscape: true }],
      '@stylistic/semi': ['error', 'always'],
      '@stylistic/comma-dangle': ['error', 'always-multiline'],
      '@stylistic/no-trailing-spaces': 'error',
      '@stylistic/eol-last': 'error',
      '@stylistic/max-len': ['error', { code: 250, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true }],
    },
  },
  {
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    rules: {
      // The page reads the REST API's JSON replies as `any` today; typing them from src/contracts/rest-api.ts is its own change.
      ...UNSAFE_ANY_OFF,
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/test-support/**'],
    rules: { 'no-restricted-syntax': ['error', ...HOUSE_SYNTAX] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    // tsc checks these files (checkJs in tsconfig.json), Node's globals included.
    rules: { ...tseslint.configs.disableTypeChecked.rules, 'no-undef': 'off' },
  },
);
