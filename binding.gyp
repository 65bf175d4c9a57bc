# Five native modules, built by `npm ci` (the package's `install` script, native/install.mjs) with
# node-gyp. Quarry's own sources compile with -Wall -Wextra (node-gyp's defaults for these, spelled out
# where a target sets its own flags) and build without a warning; only the vendored tree-sitter sources
# are quiet (-w).
{
  'variables': {
    # Package folders, relative to this file, found where node resolves them (native/package-dir.mjs).
    'sqlite_dir': '<!(node native/package-dir.mjs better-sqlite3 deps sqlite3)',
    'runtime_dir': '<!(node native/package-dir.mjs web-tree-sitter lib)',
    'headers_dir': '<!(node native/package-dir.mjs tree-sitter vendor tree-sitter lib)',
    'grammar_c_dir': '<!(node native/package-dir.mjs tree-sitter-c src)',
  },
  'targets': [
    {
      # The SQLite extension of the word index's ranking (native/quarry_ranking.c), built against
      # the headers of the SQLite that better-sqlite3 bundles. No fused multiply-add: better-sqlite3
      # compiles bm25() without it (C99), and the two must round alike.
      'target_name': 'quarry_ranking',
      'type': 'loadable_module',
      'sources': ['native/quarry_ranking.c'],
      'include_dirs': ['<(sqlite_dir)'],
      'cflags': ['-O2', '-ffp-contract=off', '-Wall', '-Wextra'],
      'xcode_settings': { 'OTHER_CFLAGS': ['-O2', '-ffp-contract=off', '-Wall', '-Wextra'] },
      'libraries': ['-lm'],
    },
    {
      # The vendored tree-sitter sources native/quarry_parse.c is built on: the runtime's C sources
      # of the web-tree-sitter release the wasm path uses (its lib/), with the public and ICU
      # headers the `tree-sitter` package vendors, and tree-sitter-c 0.20.8's generated parser, the
      # grammar tree-sitter-wasms built its C wasm from. Neither package's own install script runs
      # (package.json allowScripts): only these files are used. Their warnings are theirs (-w);
      # Quarry's own file below compiles with warnings on.
      'target_name': 'tree_sitter_vendored',
      'type': 'static_library',
      'sources': ['<(runtime_dir)/lib.c', '<(grammar_c_dir)/parser.c'],
      'include_dirs': ['<(headers_dir)/include', '<(headers_dir)/src', '<(grammar_c_dir)'],
      'defines': ['_POSIX_C_SOURCE=200112L', '_DEFAULT_SOURCE'],
      # Calls inside the runtime bind locally (no interposition through the PLT) and without frame
      # pointers: node-gyp's defaults cost the parse and the query about 12%.
      'cflags': ['-std=c11', '-w', '-fPIC', '-fno-semantic-interposition'],
      'cflags!': ['-fno-omit-frame-pointer'],
      'xcode_settings': { 'OTHER_CFLAGS': ['-std=c11', '-w'] },
    },
    {
      # Native tree-sitter for the prepare workers (native/quarry_parse.c) over the sources above.
      'target_name': 'quarry_parse',
      'sources': ['native/quarry_parse.c'],
      'dependencies': ['tree_sitter_vendored'],
      'include_dirs': ['<(headers_dir)/include'],
      'defines': ['_POSIX_C_SOURCE=200112L', '_DEFAULT_SOURCE', 'NAPI_VERSION=8'],
      'cflags': ['-std=c11', '-Wall', '-Wextra', '-fno-semantic-interposition'],
      'cflags!': ['-fno-omit-frame-pointer'],
      'xcode_settings': { 'OTHER_CFLAGS': ['-std=c11', '-Wall', '-Wextra'] },
    },
    {
      # The trigram index's tokens of a chunk (native/quarry_text.c), for the prepare workers.
      'target_name': 'quarry_text',
      'sources': ['native/quarry_text.c'],
      'defines': ['NAPI_VERSION=8'],
      'cflags': ['-std=c11', '-Wall', '-Wextra'],
      'xcode_settings': { 'OTHER_CFLAGS': ['-std=c11', '-Wall', '-Wextra'] },
    },
    {
      # The first stage's trigram postings of whole files (native/quarry_grams.c).
      'target_name': 'quarry_grams',
      'sources': ['native/quarry_grams.c'],
      'defines': ['NAPI_VERSION=8'],
      'cflags': ['-std=c11', '-O2', '-Wall', '-Wextra'],
      'xcode_settings': { 'OTHER_CFLAGS': ['-std=c11', '-O2', '-Wall', '-Wextra'] },
    },
    {
      # The first stage's word postings by chunk of lines (native/quarry_words.c).
      'target_name': 'quarry_words',
      'sources': ['native/quarry_words.c'],
      'defines': ['NAPI_VERSION=8'],
      'cflags': ['-std=c11', '-O2', '-Wall', '-Wextra'],
      'xcode_settings': { 'OTHER_CFLAGS': ['-std=c11', '-O2', '-Wall', '-Wextra'] },
    },
  ],
}
