import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIVE } from '../contracts/limits.js';
import { makeTree } from '../test-support/temp-tree.js';
import { findOnPath, locateBinary, parseVersion, resolveBinary, versionAtLeast } from './binaries.js';

describe('binary resolution', () => {
  it('finds rg and fd (Debian names fdfind) on PATH and checks their versions', async () => {
    const rg = await resolveBinary('rg', { env: process.env, locale: 'en' });
    const fd = await resolveBinary('fd', { env: process.env, locale: 'en' });
    expect(versionAtLeast(rg.version, LIVE.rgMinVersion)).toBe(true);
    expect(versionAtLeast(fd.version, LIVE.fdMinVersion)).toBe(true);
    expect(path.basename(fd.path)).toMatch(/^(fd|fdfind)$/);
  });

  it('prefers QUARRY_RG over PATH', () => {
    const rgOnPath = findOnPath(['rg'], process.env.PATH)!;
    const dir = makeTree();
    const copy = path.join(dir, 'my-rg');
    fs.symlinkSync(rgOnPath, copy);
    expect(locateBinary('rg', { env: { QUARRY_RG: copy, PATH: process.env.PATH }, locale: 'en' })).toEqual({ path: copy, source: 'env' });
  });

  it('falls back to the rg that @vscode/ripgrep ships when PATH has none', () => {
    const found = locateBinary('rg', { env: { PATH: '' }, locale: 'en' });
    expect(found.source).toBe('bundled');
    expect(found.path).toContain('@vscode');
  });

  it('says how to install ripgrep when there is none anywhere', () => {
    expect(() => locateBinary('rg', { env: { PATH: '' }, locale: 'en', bundled: () => null }))
      .toThrow(/ripgrep is not installed: none of rg is on PATH\. Install it \(Debian\/Ubuntu: sudo apt-get install ripgrep/);
  });

  it('refuses a QUARRY_RG that points nowhere instead of silently using another rg', () => {
    expect(() => locateBinary('rg', { env: { QUARRY_RG: '/nonexistent/rg', PATH: '' }, locale: 'en' }))
      .toThrow(/ripgrep is not installed: QUARRY_RG=\/nonexistent\/rg is not an executable file.*apt-get install ripgrep/);
  });

  it('says how to install fd, in Japanese when asked', () => {
    expect(() => locateBinary('fd', { env: { PATH: '' }, locale: 'ja' })).toThrow(/fd がインストールされていません.*fd-find/);
  });

  it('refuses a binary older than the minimum version', async () => {
    const dir = makeTree({ 'old-rg': '#!/bin/sh\necho "ripgrep 12.1.1"\n' });
    fs.chmodSync(path.join(dir, 'old-rg'), 0o755);
    await expect(resolveBinary('rg', { env: { QUARRY_RG: path.join(dir, 'old-rg') }, locale: 'en' }))
      .rejects.toThrow(/ripgrep 12\.1\.1 .* is too old; Quarry needs ripgrep >= 13\.0\.0/);
  });

  it.each([
    ['ripgrep 13.0.0\n-SIMD', [13, 0, 0]],
    ['fdfind 8.6.0', [8, 6, 0]],
    ['fd 10.2.0', [10, 2, 0]],
    ['nothing', null],
  ])('parses the version in %j', (text, version) => {
    expect(parseVersion(text)).toEqual(version);
  });
});
