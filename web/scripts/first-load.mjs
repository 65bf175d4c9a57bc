/**
 * @module web/scripts/first-load
 * Measures the page's first load: every script and stylesheet index.html
 * names (and the modules they preload), gzipped, and fails the build above
 * the budget in src/contracts/limits.ts (WEB.firstLoadMaxGzipBytes).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { WEB } from '../../dist/contracts/limits.js';

const dist = fileURLToPath(new URL('../../dist/web/', import.meta.url));
export function firstLoad(dir = dist) {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].flatMap((m) => (m[1] ? [m[1]] : []));
  const sizes = files.map((file) => {
    const bytes = fs.readFileSync(path.join(dir, file));
    return { file, bytes: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
  });
  return { files: sizes, gzip: sizes.reduce((sum, f) => sum + f.gzip, 0), budget: WEB.firstLoadMaxGzipBytes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const load = firstLoad();
  for (const f of load.files) console.log(`web first load: ${f.file} ${f.bytes} B, ${f.gzip} B gzipped`);
  console.log(`web first load: ${(load.gzip / 1024).toFixed(1)} KB gzipped JS+CSS (budget ${load.budget / 1024} KB)`);
  if (load.gzip > load.budget) { console.error('web first load is over budget'); process.exit(1); }
}
