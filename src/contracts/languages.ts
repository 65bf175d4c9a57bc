/**
 * @module contracts/languages
 * The languages of the search_code contract (the values `language` accepts) and how a file's
 * language is recognised from its name or shebang.
 */

export const LANGUAGES = [
  // Programming
  'python', 'javascript', 'typescript', 'java', 'csharp', 'cpp', 'c', 'go', 'rust', 'ruby', 'php',
  'swift', 'kotlin', 'scala', 'r', 'matlab', 'perl', 'lua', 'dart', 'elixir', 'clojure', 'haskell',
  'ocaml', 'fsharp', 'vb',
  // Scripting
  'powershell', 'shell', 'bash',
  // Data / markup
  'sql', 'html', 'css', 'xml', 'json', 'yaml', 'toml', 'markdown', 'text',
] as const;

export type Language = (typeof LANGUAGES)[number];

/** Common spellings accepted for `language` (after case folding). */
export const LANGUAGE_ALIASES: Readonly<Record<string, Language>> = {
  py: 'python', js: 'javascript', jsx: 'javascript', node: 'javascript', ts: 'typescript', tsx: 'typescript',
  'c#': 'csharp', cs: 'csharp', 'c++': 'cpp', cxx: 'cpp', golang: 'go', rs: 'rust', rb: 'ruby',
  kt: 'kotlin', pl: 'perl', ex: 'elixir', clj: 'clojure', hs: 'haskell', ml: 'ocaml', 'f#': 'fsharp',
  vbnet: 'vb', 'vb.net': 'vb', ps1: 'powershell', sh: 'shell', zsh: 'shell', md: 'markdown',
  yml: 'yaml', htm: 'html', txt: 'text', plaintext: 'text',
};

const EXTENSIONS: Readonly<Record<string, Language>> = {
  py: 'python', pyi: 'python', pyw: 'python',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascript',
  ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'typescript',
  java: 'java', cs: 'csharp', csx: 'csharp',
  cpp: 'cpp', cc: 'cpp', cxx: 'cpp', 'c++': 'cpp', hpp: 'cpp', hh: 'cpp', hxx: 'cpp', ipp: 'cpp', inl: 'cpp',
  c: 'c', h: 'c',
  go: 'go', rs: 'rust', rb: 'ruby', rake: 'ruby', gemspec: 'ruby',
  php: 'php', phtml: 'php', swift: 'swift', kt: 'kotlin', kts: 'kotlin',
  scala: 'scala', sc: 'scala', r: 'r', rmd: 'r', m: 'matlab', mat: 'matlab',
  pl: 'perl', pm: 'perl', t: 'perl', lua: 'lua', dart: 'dart', ex: 'elixir', exs: 'elixir',
  clj: 'clojure', cljs: 'clojure', cljc: 'clojure', edn: 'clojure',
  hs: 'haskell', lhs: 'haskell', ml: 'ocaml', mli: 'ocaml', fs: 'fsharp', fsi: 'fsharp', fsx: 'fsharp',
  vb: 'vb', vbs: 'vb', bas: 'vb',
  ps1: 'powershell', psm1: 'powershell', psd1: 'powershell',
  sh: 'shell', zsh: 'shell', ksh: 'shell', fish: 'shell', bash: 'bash',
  sql: 'sql', html: 'html', htm: 'html', xhtml: 'html', vue: 'html', svelte: 'html',
  css: 'css', scss: 'css', sass: 'css', less: 'css',
  xml: 'xml', xsd: 'xml', xsl: 'xml', svg: 'xml', plist: 'xml', csproj: 'xml', pom: 'xml',
  json: 'json', jsonc: 'json', json5: 'json', ipynb: 'json',
  yaml: 'yaml', yml: 'yaml', toml: 'toml',
  md: 'markdown', markdown: 'markdown', mdx: 'markdown', rst: 'text',
  txt: 'text', text: 'text', log: 'text', csv: 'text', tsv: 'text',
};

const FILE_NAMES: Readonly<Record<string, Language>> = {
  makefile: 'shell', gnumakefile: 'shell', dockerfile: 'shell', '.bashrc': 'bash', '.bash_profile': 'bash',
  '.zshrc': 'shell', '.profile': 'shell', gemfile: 'ruby', rakefile: 'ruby', 'cargo.lock': 'toml',
  'pipfile': 'toml', 'cmakelists.txt': 'text', 'readme': 'markdown', 'license': 'text',
};

const SHEBANG_INTERPRETERS: ReadonlyArray<[RegExp, Language]> = [
  [/^python[\d.]*$/, 'python'], [/^node(js)?$/, 'javascript'], [/^(deno|bun|ts-node|tsx)$/, 'typescript'],
  [/^bash$/, 'bash'], [/^(sh|dash|zsh|ksh|ash|fish)$/, 'shell'], [/^ruby[\d.]*$/, 'ruby'],
  [/^perl[\d.]*$/, 'perl'], [/^php[\d.]*$/, 'php'], [/^lua(jit)?[\d.]*$/, 'lua'], [/^Rscript$/, 'r'],
  [/^pwsh$/, 'powershell'], [/^(elixir|iex)$/, 'elixir'], [/^runghc|runhaskell$/, 'haskell'],
];

/**
 * Language of a file from its name, then its first line's shebang.
 * Returns null when nothing identifies it (callers decide between text and skip).
 */
export function languageForFile(relPath: string, firstLine?: string): Language | null {
  const base = relPath.slice(relPath.lastIndexOf('/') + 1).toLowerCase();
  const byName = FILE_NAMES[base];
  if (byName) return byName;
  const dot = base.lastIndexOf('.');
  if (dot > 0) {
    const byExt = EXTENSIONS[base.slice(dot + 1)];
    if (byExt) return byExt;
  }
  if (firstLine?.startsWith('#!')) return languageFromShebang(firstLine);
  return null;
}

export function languageFromShebang(line: string): Language | null {
  const words = line.slice(2).trim().split(/\s+/);
  let program = words[0]?.split('/').pop() ?? '';
  if (program === 'env') program = words.find((w, i) => i > 0 && !w.startsWith('-'))?.split('/').pop() ?? '';
  for (const [pattern, language] of SHEBANG_INTERPRETERS) if (pattern.test(program)) return language;
  return null;
}

/** Case-folds and resolves aliases; null when the value names no known language. */
export function normalizeLanguage(value: string): Language | null {
  const folded = value.trim().toLowerCase();
  if ((LANGUAGES as readonly string[]).includes(folded)) return folded as Language;
  return LANGUAGE_ALIASES[folded] ?? null;
}
