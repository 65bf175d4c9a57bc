/**
 * Ranking of text queries on a real index: BM25 must order hits by how well
 * they match, never by the order files were indexed in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeSearchCodeParams } from '../contracts/search-code-params.js';
import { indexFolder } from '../ingest/indexer.js';
import { SqliteIndex } from '../store/sqlite-index.js';
import { makeTree } from '../test-support/temp-tree.js';
import { searchCode } from './engine.js';

let store: SqliteIndex;

beforeAll(async () => {
  // Indexed in name order: a_ files get the lowest row ids, the best matches the highest.
  const root = makeTree({
    'a_once.txt': 'the widget is mentioned once among many other words about gears, springs, levers and bolts\n',
    'a_common.txt': 'gears gears gears\n',
    'z_often.txt': 'widget widget widget\n',
    'z_both.txt': 'widget on gears\n',
    'names/settings_loader.py': 'def loadSettings(path):\n    return parse(open(path).read())\n',
    'names/other.py': 'def settings_page():\n    return render("settings")\n',
    'stems/organise.py': 'def organise(paths):\n    return sorted(paths)\n',
    'abbrev/merge.py': 'def merge(a, b):\n    """Merge two dictionaries."""\n    return {**a, **b}\n',
    'lang/lines.py': 'def read_lines(path):\n    return open(path).read().splitlines()\n',
    'lang/lines.js': 'function readLines(path) {\n  return fs.readFileSync(path, "utf8").split("\\n");\n}\n',
    'csv/notes.md': 'Python notes: to read a csv file in python, see the reader module.\n',
    'csv/reader.py': 'def read_csv_rows(path):\n    """Read the rows of a CSV file."""\n    with open(path) as f:\n        return list(csv.reader(f))\n',
    // Files without the term, so it is rare enough for BM25 to weigh it (IDF > 0).
    ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`m_other${i}.txt`, `unrelated text number ${i}\n`])),
  });
  store = SqliteIndex.open((await indexFolder({ root })).index);
  return () => store.close();
});

const search = (query: string) => store.read((reader) => searchCode(reader, normalizeSearchCodeParams({ query, mode: 'text' })));
const files = async (query: string) => (await search(query)).items.map((i) => i.file);

describe('BM25 ranking', () => {
  it('puts a short chunk that repeats the term above a long one that mentions it once', async () => {
    expect((await files('widget'))).toEqual(['z_often.txt', 'z_both.txt', 'a_once.txt']);
  });

  it('gives every hit a positive relevance', async () => {
    const items = (await search('widget')).items;
    for (const item of items) expect(item.relevance).toBeGreaterThan(0);
  });
});

describe('sentence-long queries', () => {
  it('rank hits with any of the words, so the answer is found when it lacks one of them', async () => {
    // Only the notes contain every word ("python" too); the code that does it lacks "python".
    const result = (await search('read a csv file in python'));
    expect(result.matched).toBe('any_term');
    expect(result.items.map((i) => i.file)).toEqual(expect.arrayContaining(['csv/notes.md', 'csv/reader.py']));
  });

  it('keep requiring every word of a short keyword query', async () => {
    const result = (await search('widget gears'));
    expect(result.matched).toBe('all_terms');
    // z_often.txt (widget only) and a_common.txt (gears only) stay out.
    expect(result.items.map((i) => i.file).sort()).toEqual(['a_once.txt', 'z_both.txt']);
  });
});

describe('names in the path and symbol columns', () => {
  it('are split into words like identifiers in the body, so a query finds the definition named by them', async () => {
    // The body never says "loader"; the file and function names do.
    const items = (await search('settings loader')).items;
    expect(items[0]).toMatchObject({ file: 'names/settings_loader.py' });
  });
});

describe('word forms', () => {
  it('match other forms of a query word ("sorting paths" finds sorted(paths))', async () => {
    const result = (await search('sorting path'));
    expect(result.matched).toBe('all_terms');
    expect(result.items.map((i) => i.file)).toEqual(['stems/organise.py']);
  });

  it('leave quoted phrases exact', async () => {
    expect((await search('"sorting paths"')).total).toBe(0);
    expect((await search('"sorted(paths)"')).items.map((i) => i.file)).toEqual(['stems/organise.py']);
  });
});

describe('abbreviations', () => {
  it('find the full word too ("merge dict" finds "Merge two dictionaries")', async () => {
    expect((await files('merge dict'))).toEqual(['abbrev/merge.py']);
  });
});

describe('a language named in the query', () => {
  it.each([['python read lines', 'lang/lines.py'], ['javascript read lines', 'lang/lines.js']])(
    '%j prefers files of that language', async (query, first) => {
      expect((await files(query))[0]).toBe(first);
    },
  );
});
