import { describe, expect, it } from 'vitest';
import { INDEX_PASS } from '../contracts/limits.js';
import { IndexPass, searchWaitMs, withPassNotice } from './index-pass.js';

describe('IndexPass', () => {
  it('waits for a running pass at most the time given, and says how far it has got', async () => {
    const pass = new IndexPass();
    expect(await pass.waitAtMost(10_000)).toBe(true);
    expect(pass.notice('en')).toBeNull();

    let end!: () => void;
    pass.track(new Promise<void>((resolve) => { end = resolve; }));
    const started = performance.now();
    expect(await pass.waitAtMost(30)).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(pass.notice('en')).toMatch(/^The index is being built: hits and totals cover the files indexed so far/);
    // Before the first progress line, the first stage's own count of files stands for the total.
    expect(pass.notice('en', 4000)).toMatch(/^The index is being built \(0 of 4000 files so far\)\. These exact or regex hits/);
    pass.report({ filesDone: 120, filesTotal: 4000 });
    expect(pass.notice('en')).toMatch(/^The index is being built \(120 of 4000 files so far\)/);
    expect(pass.notice('cs')).toMatch(/^Index se právě vytváří \(zatím 120 z 4000 souborů\)/);
    // An answer from the pass's first stage covers every file, and says so in each language.
    expect(pass.notice('en', 4000)).toMatch(/^The index is being built \(120 of 4000 files so far\)\. These exact or regex hits and their total cover every file/);
    expect(pass.notice('ja', 4000)).toMatch(/^インデックスを作成中です（これまでに 4000 ファイル中 120 ファイル）。この完全一致・正規表現のヒットと件数はすべてのファイル/);
    expect(pass.notice('cs', 4000)).toMatch(/^Index se právě vytváří \(zatím 120 z 4000 souborů\)\. Tyto přesné nebo regexové nálezy a jejich počet zahrnují všechny soubory/);
    // Word hits from its words say that they are ranked by words alone, until the index is done.
    expect(pass.notice('en', 4000, 'words')).toMatch(/^The index is being built \(120 of 4000 files so far\)\. These word hits and their total cover every file, in chunks of lines ranked by their words alone/);
    expect(pass.notice('ja', 4000, 'words')).toMatch(/^インデックスを作成中です（これまでに 4000 ファイル中 120 ファイル）。この単語検索のヒットと件数はすべてのファイル/);
    expect(pass.notice('cs', 4000, 'words')).toMatch(/^Index se právě vytváří \(zatím 120 z 4000 souborů\)\. Tyto slovní nálezy a jejich počet zahrnují všechny soubory/);

    end();
    expect(await pass.waitAtMost(10_000)).toBe(true);
    expect(pass.underWay).toBe(false);
    expect(pass.notice('en')).toBeNull();
    // A late progress line of the ended pass changes nothing.
    pass.report({ filesDone: 4000, filesTotal: 4000 });
    expect(pass.notice('en')).toBeNull();
  });

  it('is waited for until the time given after it started, not again by every later search', async () => {
    const pass = new IndexPass();
    pass.track(new Promise<void>(() => undefined));
    let started = performance.now();
    expect(await pass.waitForPass(60)).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    started = performance.now();
    expect(await pass.waitForPass(60)).toBe(false);
    expect(performance.now() - started).toBeLessThan(30);
    expect(pass.underWay).toBe(true);
  });

  it('counts a failed pass as ended', async () => {
    const pass = new IndexPass();
    pass.track(Promise.reject(new Error('quarry index exited with 1')));
    expect(await pass.waitAtMost(10_000)).toBe(true);
    expect(pass.notice('en')).toBeNull();
  });

  it('adds the notice after the reply\'s own warnings, and leaves a reply without one as it is', () => {
    const reply = { total: 3, warnings: ['max_results clamped'] };
    expect(withPassNotice(reply, 'building')).toEqual({ total: 3, warnings: ['max_results clamped', 'building'] });
    expect(withPassNotice({ total: 3 }, 'building')).toEqual({ total: 3, warnings: ['building'] });
    expect(withPassNotice(reply, null)).toBe(reply);
  });
});

describe('QUARRY_INDEX_WAIT_MS', () => {
  it('sets how long a search waits for the pass, within bounds', () => {
    expect(searchWaitMs({})).toBe(INDEX_PASS.searchWaitMs);
    expect(searchWaitMs({ QUARRY_INDEX_WAIT_MS: '0' })).toBe(0);
    expect(searchWaitMs({ QUARRY_INDEX_WAIT_MS: '2500' })).toBe(2500);
    expect(searchWaitMs({ QUARRY_INDEX_WAIT_MS: '-5' })).toBe(0);
    expect(searchWaitMs({ QUARRY_INDEX_WAIT_MS: String(INDEX_PASS.searchWaitMsMax * 2) })).toBe(INDEX_PASS.searchWaitMsMax);
    expect(searchWaitMs({ QUARRY_INDEX_WAIT_MS: 'soon' })).toBe(INDEX_PASS.searchWaitMs);
  });
});
