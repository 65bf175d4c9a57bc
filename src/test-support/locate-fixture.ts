/**
 * @module test-support/locate-fixture
 * A bug report against the locate tests' fixture (test-fixtures/locate, a
 * small Python package; see its SOURCE.md; copy it with copyFixture('locate')).
 */

/** A traceback through FileCache.set into _cull (the lines are the fixture's). */
export const TRACEBACK_ISSUE = [
  'FileCache.set raises FileNotFoundError when another process clears the cache',
  '',
  'Traceback (most recent call last):',
  '  File "/srv/app/jobs.py", line 41, in refresh',
  '    cache.set(key, result)',
  '  File "/usr/lib/python3/site-packages/minicache/cache.py", line 45, in set',
  '    self._cull()',
  '  File "/usr/lib/python3/site-packages/minicache/cache.py", line 78, in _cull',
  '    filelist.sort(key=os.path.getmtime)',
  "FileNotFoundError: [Errno 2] No such file or directory: '/tmp/c/3f2a.cache'",
].join('\n');
