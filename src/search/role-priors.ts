/**
 * @module search/role-priors
 * How much a test, a document, vendored or minified file counts in a text
 * query's ranking: less than code (RANKING.rolePriors), unless the query
 * points at that kind of file by a word ("failing test", "docs for") or a
 * path under it (`docs/ref/models.txt`, `extern/jquery`).
 */
import { RANKING } from '../store/ranking-weights.js';
import { fileRoles, type FileRole } from '../text/file-roles.js';
import { foldCase, tokenize } from '../text/tokens.js';

const POINTERS: Readonly<Record<FileRole, readonly string[]>> = {
  test: ['test', 'tests', 'testing', 'tested', 'testcase', 'unittest', 'pytest', 'spec', 'specs', 'jest', 'mocha', 'fixture', 'fixtures', 'mock', 'mocks', 'conftest'],
  docs: ['doc', 'docs', 'documentation', 'documented', 'readme', 'manual', 'guide', 'tutorial', 'changelog', 'faq', 'howto', 'txt', 'rst', 'markdown'],
  vendored: ['vendor', 'vendored', 'extern', 'external', 'third_party', 'thirdparty', 'node_modules', 'bundled'],
  // Not "min": min and max are words of ordinary code.
  minified: ['minified', 'minify', 'uglify'],
};

export type RolePriors = Record<FileRole, number>;

/** The multiplier of each file role for this query: 1 where the query points at the role. */
export function rolePriorsFor(query: string): RolePriors {
  const words = new Set(tokenize(query).map(foldCase));
  // A path in the query points at the roles of that path (`tests/test_views.py`).
  const pathRoles = new Set(query.split(/\s+/).filter((t) => t.includes('/') || t.includes('.')).flatMap((t) => fileRoles(t.replace(/^["'`(]+|["'`),:;]+$/g, ''))));
  const priors: RolePriors = { ...RANKING.rolePriors };
  for (const role of Object.keys(priors) as FileRole[]) {
    if (pathRoles.has(role) || POINTERS[role].some((w) => words.has(w))) priors[role] = 1;
  }
  return priors;
}

/** A chunk's multiplier: the smallest of its file's roles (a vendored test is vendored first), 1 for code. */
export function rolePrior(roles: readonly FileRole[], priors: RolePriors): number {
  return roles.reduce((lowest, role) => Math.min(lowest, priors[role]), 1);
}
