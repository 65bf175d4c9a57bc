/**
 * @module search/code-synonyms
 * Abbreviations people type for words that code and its comments spell out
 * ("dict" for dictionary, "str" for string): a query word found here is also
 * searched as the full word. One direction only: expanding "string" to
 * `str` matched every `str(...)` call and lowered CoSQA dev MRR (0.348 ->
 * 0.329), while expanding abbreviations raised it. General programming
 * usage, not derived from any evaluation set.
 */

const FULL_WORDS: Readonly<Record<string, string>> = {
  dict: 'dictionary', str: 'string', int: 'integer', len: 'length', arr: 'array', dir: 'directory',
  args: 'arguments', param: 'parameter', params: 'parameters', func: 'function', obj: 'object',
  val: 'value', var: 'variable', idx: 'index', msg: 'message', img: 'image', tmp: 'temporary',
  db: 'database', config: 'configuration', env: 'environment', exec: 'execute', init: 'initialize',
  max: 'maximum', min: 'minimum', char: 'character', err: 'error', buf: 'buffer', prev: 'previous',
  src: 'source', attr: 'attribute', bool: 'boolean', calc: 'calculate', col: 'column', fmt: 'format',
  pos: 'position', seq: 'sequence', rand: 'random',
};

/** The full word for an abbreviation (case-insensitive), or null. */
export function fullWord(word: string): string | null {
  return FULL_WORDS[word.toLowerCase()] ?? null;
}
