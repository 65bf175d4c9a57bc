import { describe, expect, it } from 'vitest';
import { splitSections } from './doc-sections.js';

describe('PIL/SPC section splitting', () => {
  it('cuts a PIL at its numbered headings and keeps a numbered list inside a section', () => {
    const sections = splitSections([
      'PŘÍBALOVÁ INFORMACE', '1. Co je Paralen a k čemu se používá', 'text one',
      '2. Čemu musíte věnovat pozornost', '1. not a heading, a list item', 'text two', '3. Jak se přípravek užívá', 'text three',
    ]);
    expect(sections.map((s) => s.title)).toEqual(['', '1. Co je Paralen a k čemu se používá', '2. Čemu musíte věnovat pozornost', '3. Jak se přípravek užívá']);
    expect(sections[2]!.body).toContain('1. not a heading, a list item');
    expect(sections.map((s) => s.section)).toEqual([0, 1, 2, 3]);
  });

  it('follows SPC subsections (4.1, 4.2, then 5.)', () => {
    const sections = splitSections([
      '1. NÁZEV PŘÍPRAVKU', 'x', '2. KVALITATIVNÍ A KVANTITATIVNÍ SLOŽENÍ', '3. LÉKOVÁ FORMA', '4. KLINICKÉ ÚDAJE',
      '4.1 Terapeutické indikace', 'a', '4.2 Dávkování', 'b', '4.4 skipped number is text', '5. FARMAKOLOGICKÉ VLASTNOSTI', 'c',
    ]);
    expect(sections.slice(3).map((s) => s.title)).toEqual(['4. KLINICKÉ ÚDAJE', '4.1 Terapeutické indikace', '4.2 Dávkování', '5. FARMAKOLOGICKÉ VLASTNOSTI']);
    expect(sections[5]!.body).toContain('4.4 skipped number is text');
  });
});
