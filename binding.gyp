# The SQLite extension of the word index's ranking (native/quarry_ranking.c),
# built by `npm ci` against the SQLite that better-sqlite3 bundles.
{
  'targets': [
    {
      'target_name': 'quarry_ranking',
      'type': 'loadable_module',
      'sources': ['native/quarry_ranking.c'],
      'include_dirs': ['node_modules/better-sqlite3/deps/sqlite3'],
      'cflags': ['-O2'],
      'libraries': ['-lm'],
    },
  ],
}
