import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROUTES = path.dirname(fileURLToPath(import.meta.url));
/** Engines and the index: a door reaches them only through the tool layer (layers in one direction: data flows down, never back up). */
const BELOW_TOOLS = ['search', 'store', 'ingest', 'live', 'medicines', 'shape'];

describe('HTTP routes are a door', () => {
  const files = fs.readdirSync(ROUTES).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

  it.each(files)('%s imports no engine or store module directly', (file) => {
    const source = fs.readFileSync(path.join(ROUTES, file), 'utf8');
    const imports = [...source.matchAll(/^import [^;]*? from '([^']+)';/gm)].map((m) => m[1]!);
    const below = imports.filter((spec) => BELOW_TOOLS.some((layer) => spec.startsWith(`../../${layer}/`)));
    expect(below).toEqual([]);
  });

  it('finds the route files it checks', () => {
    expect(files).toEqual(expect.arrayContaining(['project-routes.ts', 'search-routes.ts', 'tool-routes.ts', 'mcp-routes.ts']));
  });
});
