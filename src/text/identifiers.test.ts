import fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../test-support/cli.js';
import {
  addedIndexWords, addedWordCounts, pathIndexText, scanWordIndexText, splitIdentifier, wordIndexText, wordStem,
} from './identifiers.js';
import { NATIVE_ADDED_WORDS_TEXT_MAX, nativeText } from './native-text.js';
import { foldCase, tokenize } from './tokens.js';

/**
 * The rules as plain regular expressions, the way they read: the scanning code above must give
 * exactly this, since the word index and the second ranking stage both count these words.
 */
const plain = {
  split: (identifier: string) => identifier.split('_').flatMap((piece) => [...piece.matchAll(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g)].map((m) => m[0].toLowerCase())),
  added(content: string) {
    const parts: string[][] = [];
    const stems = new Set<string>();
    for (const identifier of new Set(content.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [])) {
      const split = plain.split(identifier);
      const compound = /[A-Z0-9_]/.test(identifier) && (split.length > 1 || (split.length === 1 && split[0] !== identifier.toLowerCase()));
      if (compound) parts.push(split);
      for (const word of compound || /[A-Z0-9_]/.test(identifier) ? split : [identifier]) {
        const stem = wordStem(word);
        if (stem !== null) stems.add(stem);
      }
    }
    return { parts, stems: [...stems] };
  },
};

/** Real code: this folder's sources, and made-up names with every kind of boundary. */
function sampleTexts(): string[] {
  const dir = new URL('.', import.meta.url);
  const sources = fs.readdirSync(dir).filter((name) => name.endsWith('.ts')).map((name) => fs.readFileSync(new URL(name, dir), 'utf8'));
  const pieces = ['HTTP', 'Server', 'parse', 'X', 'files', '2', '42', '_', '__', 'sorting', 'URLs', 'aB', 'Ab', 'ABc', 'é', 'ß', '-', '.'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % pieces.length;
  const names = Array.from({ length: 3000 }, () => Array.from({ length: 1 + next() % 5 }, () => pieces[next()]).join(''));
  return [...sources, names.join(' '), names.join('\n')];
}

describe('splitIdentifier', () => {
  it.each([
    ['parseConfigFile', ['parse', 'config', 'file']],
    ['PM_RESUME', ['pm', 'resume']],
    ['HTTPServer2', ['http', 'server', '2']],
    ['read_csv_rows', ['read', 'csv', 'rows']],
  ])('%s -> %j', (identifier, parts) => {
    expect(splitIdentifier(identifier)).toEqual(parts);
  });
});

describe('the scanning rules', () => {
  it('split, list and stem exactly as the plain regular expressions do, across a clear of the cache', () => {
    const texts = sampleTexts();
    for (const text of texts) {
      for (const word of text.split(/\s+/)) expect(splitIdentifier(word)).toEqual(plain.split(word));
      const expected = plain.added(text);
      expect(addedIndexWords(text)).toEqual(expected);
      const lines = [...expected.parts.map((words) => words.join(' ')), ...(expected.stems.length > 0 ? [expected.stems.join(' ')] : [])];
      expect(wordIndexText(text)).toBe([text, ...lines].join('\n'));
    }
    // More distinct names than the cache keeps (50,000), each text naming its names twice: the
    // cache is cleared between texts, never inside one, where it would list a name again.
    const many = Array.from({ length: 60_000 }, (_, i) => `name${i}Part_${i % 7}`);
    for (let i = 0; i < many.length; i += 30_000) {
      const text = many.slice(i, i + 30_000).join(' ');
      expect(addedIndexWords(`${text} ${text}`)).toEqual(plain.added(text));
    }
  });
});

describe('addedWordCounts: the wanted words among the added ones, reading only the identifiers that can add them', () => {
  function counted(content: string, wanted: ReadonlySet<string>): Map<string, number> {
    const { parts, stems } = addedIndexWords(content);
    const counts = new Map<string, number>();
    for (const word of [...parts.flat(), ...stems]) if (wanted.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    return counts;
  }

  it('counts as listing every added word does, for every word a text adds or holds', () => {
    for (const text of sampleTexts()) {
      const { parts, stems } = addedIndexWords(text);
      const wanted = new Set([...parts.flat(), ...stems, ...tokenize(text).map(foldCase)]);
      expect(addedWordCounts(text, wanted)).toEqual(counted(text, wanted));
    }
  });

  it.each([
    ['pm_suspend(dev); suspended; SuspendResume; 9suspend_x', ['suspend', 'resume', 'pm', 'x']],
    ['hoping to be happy: HopingFor happyPath', ['hope', 'happi']],
    ['u32 _123 x86_64 0x1f', ['32', '123', '86', '64', 'u', 'x', 'f']],
    // Nothing an identifier can add: never looked for (an empty string would be found everywhere).
    ['abc def_ghi café', ['', 'def_ghi', 'café', 'Abc']],
  ])('%j', (text, words) => {
    const wanted = new Set(words);
    expect(addedWordCounts(text, wanted)).toEqual(counted(text, wanted));
  });

  it('relies on a stem keeping all of its word but the last letter (Porter\'s own examples and this code)', () => {
    const porter = [
      'caresses', 'ponies', 'ties', 'cats', 'feed', 'agreed', 'plastered', 'bled', 'motoring', 'sing', 'conflated', 'troubled',
      'sized', 'hopping', 'tanned', 'falling', 'hissing', 'fizzed', 'failing', 'filing', 'happy', 'sky', 'relational',
      'conditional', 'rational', 'valenci', 'hesitanci', 'digitizer', 'conformabli', 'radicalli', 'differentli', 'vileli',
      'analogousli', 'vietnamization', 'predication', 'operator', 'feudalism', 'decisiveness', 'hopefulness', 'callousness',
      'formaliti', 'sensitiviti', 'sensibiliti', 'stability', 'probability', 'triplicate', 'formative', 'formalize',
      'electriciti', 'electrical', 'hopeful', 'goodness', 'revival', 'allowance', 'inference', 'airliner', 'gyroscopic',
      'adjustable', 'defensible', 'irritant', 'replacement', 'adjustment', 'dependent', 'adoption', 'homologous',
      'communism', 'activate', 'angulariti', 'effective', 'bowdlerize', 'probate', 'rate', 'cease', 'controlling', 'rolling',
    ];
    const words = new Set([...porter, ...sampleTexts().flatMap((text) => text.match(/[A-Za-z]+/g) ?? [])]);
    for (const word of words) {
      const stem = wordStem(word);
      if (stem !== null) expect(word.toLowerCase().startsWith(stem.slice(0, -1)), `${word} -> ${stem}`).toBe(true);
    }
  });
});

describe('wordStem', () => {
  it.each([
    ['files', 'file'], ['sorting', 'sort'], ['sorted', 'sort'], ['Dictionaries', 'dictionari'], ['dictionary', 'dictionari'],
    // Its own stem, or not an English word: nothing to add.
    ['sort', null], ['PM_RESUME', null], ['parseConfig', null], ['HTTP', null], ['x2', null],
  ])('%s -> %s', (word, stem) => {
    expect(wordStem(word)).toBe(stem);
  });
});

describe('wordIndexText', () => {
  it('keeps the text as written and adds identifier parts and stems once each', () => {
    const text = 'def sort_files(paths):\n    return sorted(paths)\n';
    const [source, ...added] = wordIndexText(text + 'sorted again').split('\n').slice(2);
    expect(source).toBe('sorted again');
    expect(added[0]).toBe('sort files');
    expect(added[1]!.split(' ').sort()).toEqual(['file', 'path', 'sort']);
  });

  it('adds the word behind leading or trailing underscores, so "iter" finds __iter__ and "not" finds _not', () => {
    expect(wordIndexText('def __iter__(self): return _not(self)').split('\n').slice(1)).toEqual(['iter', 'not']);
  });

  it('adds nothing to text without compound names or inflected words', () => {
    expect(wordIndexText('x = y + 1')).toBe('x = y + 1');
  });
});

describe('pathIndexText', () => {
  it('adds the words of the names and the programming language', () => {
    expect(pathIndexText('src/config_loader.py', 'python').split('\n')).toEqual(['src/config_loader.py', 'config loader', 'python']);
  });

  it('does not add the name of a data or text format', () => {
    expect(pathIndexText('docs/guide.md', 'markdown').split(/\s/)).not.toContain('markdown');
    expect(pathIndexText('notes.txt', 'text').split(/\s/)).not.toContain('text');
  });
});

describe('wordIndexText in native code (native/quarry_text.c)', () => {
  /** The Porter examples above and English and code as written here: this project's README, guide and manual (docs/), the sample texts. */
  const prose = () => ['README.md', 'CONTRIBUTING.md', ...fs.readdirSync(`${PROJECT_ROOT}/docs`).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`)]
    .map((name) => fs.readFileSync(`${PROJECT_ROOT}/${name}`, 'utf8'));

  it('is what the prepare workers use (npm ci builds it)', () => {
    expect(nativeText).not.toBeNull();
  });

  it('adds the same words as the scan, text by text and across clears of its tables', () => {
    const texts = [...sampleTexts(), ...prose(), '', 'x = y + 1', '_', '__ _x x_ 9abc é_b', 'café naïve Ünïcode 😀 sorting_files'];
    // Past the 50,000 identifiers the tables keep: 2,000 texts of 40 fresh names each.
    for (let i = 0; i < 2000; i++) texts.push(Array.from({ length: 40 }, (_, k) => `getItem${i}_${k}Values sorted${i}x${k}`).join(' '));
    for (const text of texts) expect(wordIndexText(text), text.slice(0, 60)).toBe(scanWordIndexText(text));
    // Each line of the prose is a text of its own too, so the stems of every word are compared.
    for (const line of prose().flatMap((text) => text.split('\n'))) expect(wordIndexText(line), line).toBe(scanWordIndexText(line));
  });

  it('stems every word as the stemmer package does', () => {
    const words = new Set([...sampleTexts(), ...prose()].flatMap((text) => text.toLowerCase().match(/[a-z]+/g) ?? []));
    expect(words.size).toBeGreaterThan(3000);
    // One word a text: its stem line is the word's stem alone, so a wrong stem shows as itself.
    for (const word of words) expect(wordIndexText(word), word).toBe(scanWordIndexText(word));
  });

  it('adds the same words as the scan for any text', () => {
    const piece = fc.oneof(
      fc.constantFrom('HTTP', 'Server', 'parse', 'X', 'files', '2', '_', 'ing', 'ies', 'sses', 'eed', 'y', 'Y', 'ational', 'ement', 'll', 'é', ' ', '\n', '.'),
      fc.stringMatching(/^[a-zA-Z_0-9]{1,12}$/),
    );
    fc.assert(fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
      const text = pieces.join('');
      expect(wordIndexText(text)).toBe(scanWordIndexText(text));
    }), { numRuns: 3000 });
  });

  it('leaves a text longer than the module takes to the scan', () => {
    const long = 'sorting_files '.repeat(Math.ceil(NATIVE_ADDED_WORDS_TEXT_MAX / 14) + 1);
    expect(long.length).toBeGreaterThan(NATIVE_ADDED_WORDS_TEXT_MAX);
    expect(wordIndexText(long)).toBe(scanWordIndexText(long));
    expect(() => nativeText!.addedWords(long)).toThrow(/too long/);
  });
});
