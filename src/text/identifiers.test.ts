import { describe, expect, it } from 'vitest';
import { pathIndexText, splitIdentifier, wordIndexText, wordStem } from './identifiers.js';

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
