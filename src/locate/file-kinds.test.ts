import { describe, expect, it } from 'vitest';
import { fileKind } from './file-kinds.js';

describe('fileKind', () => {
  it.each([
    ['django/db/models/sql/compiler.py', 'python', 'source'],
    ['src/_pytest/skipping.py', 'python', 'source'],
    ['tests/migrations/test_operations.py', 'python', 'test'],
    ['testing/test_skipping.py', 'python', 'test'],
    ['sympy/core/tests/test_numbers.py', 'python', 'test'],
    ['src/app/widget.spec.ts', 'typescript', 'test'],
    ['conftest.py', 'python', 'test'],
    ['docs/ref/models/querysets.txt', 'text', 'doc'],
    ['README.rst', 'text', 'doc'],
    ['galleries/examples/lines_bars_and_markers/bar_label_demo.py', 'python', 'example'],
    ['extern/agg24-svn/include/agg_arc.h', 'c', 'vendored'],
    ['requests/packages/urllib3/vendor/six.py', 'python', 'vendored'],
    ['sphinx/themes/basic/static/jquery-3.5.1.js', 'javascript', 'vendored'],
    ['web/static/app.min.js', 'javascript', 'generated'],
    ['proto/service_pb2.py', 'python', 'generated'],
    ['setup.cfg', 'text', 'doc'],
    ['pyproject.toml', 'toml', 'data'],
  ])('%s is %s', (path, language, kind) => {
    expect(fileKind(path, language)).toBe(kind);
  });

  it('calls a file of few, very long lines minified, whatever its name', () => {
    expect(fileKind('static/app.js', 'javascript', { tokens: 90_000, lines: 3 })).toBe('generated');
    expect(fileKind('static/app.js', 'javascript', { tokens: 9_000, lines: 900 })).toBe('source');
  });
});
