// Prints a folder of an installed package relative to the working folder (binding.gyp's: make
// rules need relative sources): `node native/package-dir.mjs PACKAGE [SUBFOLDER...]`. A package
// that exports no package.json (web-tree-sitter) is found by its entry point.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const [name, ...sub] = process.argv.slice(2);
if (!name) throw new Error('usage: node native/package-dir.mjs PACKAGE [SUBFOLDER...]');
let entry;
try {
  entry = require.resolve(`${name}/package.json`);
} catch {
  entry = require.resolve(name);
}
process.stdout.write(path.relative('.', path.join(path.dirname(entry), ...sub)));
