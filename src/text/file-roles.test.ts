import { describe, expect, it } from 'vitest';
import { fileRoles, looksMinified } from './file-roles.js';

describe('fileRoles', () => {
  it.each([
    ['src/auth/token.ts', []],
    ['django/db/models/query.py', []],
    ['tests/test_views.py', ['test']],
    ['pkg/handler_test.go', ['test']],
    ['src/app.test.ts', ['test']],
    ['web/login.spec.js', ['test']],
    ['src/test/java/com/acme/InvoiceTest.java', ['test']],
    ['conftest.py', ['test']],
    ['docs/ref/models/querysets.txt', ['docs']],
    ['README.md', ['docs']],
    ['doc/api.html', ['docs']],
    ['extern/jquery/jquery.min.js', ['vendored', 'minified']],
    ['static/app-min.css', ['minified']],
    ['vendor/github.com/pkg/errors/errors.go', ['vendored']],
    ['third_party/zlib/tests/test_inflate.c', ['test', 'vendored']],
    // Words that only look like roles.
    ['src/contest/latest.py', []],
    ['src/minimal.js', []],
  ])('%s -> %j', (path, roles) => {
    expect(fileRoles(path)).toEqual(roles);
  });
});

describe('looksMinified', () => {
  it('tells a bundle of very long lines from ordinary code', () => {
    expect(looksMinified(`!function(){${'var a=1;'.repeat(200)}}();`)).toBe(true);
    expect(looksMinified('function add(a, b) {\n  return a + b;\n}\n'.repeat(40))).toBe(false);
  });
});
