# The SQLite extension of the word index's ranking (native/quarry_ranking.c),
# built by `npm ci` against the headers of the SQLite that better-sqlite3
# bundles (found where node resolves better-sqlite3, hoisted or not). No fused
# multiply-add: better-sqlite3 compiles bm25() without it (C99), and the two
# must round alike.
{
  'targets': [
    {
      'target_name': 'quarry_ranking',
      'type': 'loadable_module',
      'sources': ['native/quarry_ranking.c'],
      'include_dirs': ["<!(node -p \"require('path').join(require('path').dirname(require.resolve('better-sqlite3/package.json')), 'deps', 'sqlite3')\")"],
      'cflags': ['-O2', '-ffp-contract=off'],
      'xcode_settings': { 'OTHER_CFLAGS': ['-O2', '-ffp-contract=off'] },
      'libraries': ['-lm'],
    },
  ],
}
