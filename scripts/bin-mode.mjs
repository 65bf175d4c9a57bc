// After tsc: the files package.json's "bin" names are executable, as npm makes them when it links a
// bin (npm install of a dependency, npm ci, npm link, a global install). tsc writes new files without
// the execute bit, so in this checkout a linked bin or the file run through its #! line would fail
// with EACCES after a clean build.
import fs from 'node:fs';

const { bin } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
for (const file of typeof bin === 'string' ? [bin] : Object.values(bin ?? {})) {
  const target = new URL(`../${file}`, import.meta.url);
  fs.chmodSync(target, fs.statSync(target).mode | 0o111);
}
