import { describe, expect, it } from 'vitest';
import { LOCATE } from '../contracts/limits.js';
import { extractClues, pathComponents } from './extract.js';

const clues = (text: string) => extractClues(text, LOCATE);

describe('pathComponents', () => {
  it.each([
    ['django/forms/fields.py', ['django', 'forms', 'fields.py']],
    ['fitsrec.py', ['fitsrec.py']],
    ['src/flask/cli.py:151', ['src', 'flask', 'cli.py']],
    ['lib/matplotlib/axis.py:12:5:', ['lib', 'matplotlib', 'axis.py']],
    ['https://github.com/org/repo/blob/main/pkg/mod.py#L10-L20', ['https:', 'github.com', 'org', 'repo', 'blob', 'main', 'pkg', 'mod.py']],
    ['C:\\proj\\pkg\\mod.py', ['C:', 'proj', 'pkg', 'mod.py']],
    ['io/ascii', ['io', 'ascii']],
  ])('reads %s', (token, expected) => {
    expect(pathComponents(token)).toEqual(expected);
  });

  it.each(['e.g.', '1.2.3', 'x', 'v3.0', '../..'])('is not fooled by %s', (token) => {
    expect(pathComponents(token)).toBeNull();
  });
});

describe('extractClues', () => {
  it('reads CPython and pytest traceback frames in order, with their lines and functions', () => {
    const c = clues([
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3/dist-packages/astropy/io/ascii/ui.py", line 856, in write',
      '  File "astropy/io/ascii/core.py", line 1200, in _get_writer',
      'src/_pytest/skipping.py:42: in evaluate',
    ].join('\n'));
    expect(c.frames.map((f) => [f.components.slice(-2).join('/'), f.line, f.func, f.order])).toEqual([
      ['ascii/ui.py', 856, 'write', 0],
      ['ascii/core.py', 1200, '_get_writer', 1],
      ['_pytest/skipping.py', 42, 'evaluate', 2],
    ]);
  });

  it('tells code from prose: compound names, calls, attribute access, backticks and fences', () => {
    const c = clues('Title with RenameIndex\nThe ordering is lost when `query` runs.\nCall obj.add_marker() or refresh(x).\n```\nvalue = thing\n```\nplain words here');
    const id = (name: string) => c.identifiers.get(name)!;
    expect(id('RenameIndex')).toMatchObject({ compound: true, inTitle: true });
    expect(id('ordering')).toMatchObject({ compound: false, inCode: false });
    expect(id('query')).toMatchObject({ inCode: true });
    expect(id('add_marker')).toMatchObject({ compound: true, inCode: true });
    expect(id('refresh')).toMatchObject({ inCode: true });
    expect(id('thing')).toMatchObject({ inCode: true });
    expect(id('plain')).toMatchObject({ inCode: false, inTitle: false });
  });

  it('keeps names the text itself defines apart: they are the reporter\'s, not the project\'s', () => {
    const c = clues('class Parent(models.Model):\n    pass\ndef helper():\n    return Child.objects.all()');
    expect([...c.definedInText].sort()).toEqual(['Parent', 'helper']);
    expect(c.identifiers.has('Child')).toBe(true);
  });

  it('collects dotted names and paths once each, counting repeats', () => {
    const c = clues('ascii.qdp fails; see astropy/io/ascii/qdp.py and astropy/io/ascii/qdp.py:12. Also ascii.qdp again.');
    expect(c.dotted.find((d) => d.parts.join('.') === 'ascii.qdp')).toMatchObject({ count: 2, inTitle: true });
    expect(c.paths.find((p) => p.components.join('/') === 'astropy/io/ascii/qdp.py')).toMatchObject({ count: 2 });
  });

  it('indexes words as the word index holds them: lower case, stems, identifier parts and the whole identifier', () => {
    const c = clues('Sorting parseConfigFile entries in _cull');
    expect([...c.words.keys()].sort()).toEqual(['_cull', 'config', 'cull', 'entri', 'file', 'pars', 'parseconfigfile', 'sort']);
    expect(c.words.get('parseconfigfile')).toMatchObject({ inCode: true });
  });

  it('leaves function words and report boilerplate out of prose, but not out of code', () => {
    const c = clues('Steps to reproduce: the cache is not working with `use` and `expected`');
    expect([...c.words.keys()].sort()).toEqual(['cach', 'expect', 'us']);
  });

  it('stays linear on hostile input (unclosed fences, long path-like runs)', () => {
    const hostile = `${'```x\n'.repeat(4000)}${'a/'.repeat(5000)}${'File "'.repeat(1000)}`;
    const started = performance.now();
    clues(hostile.slice(0, LOCATE.textMaxChars));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
