import { describe, expect, it } from 'vitest';
import { classify, stripSignalWords } from './classify.js';

describe('query classification (the query-routing contract\'s order and word boundaries)', () => {
  it.each([
    ['UserService class', 'symbol'],
    ['authentication flow', 'flow'],
    ['what calls validateToken', 'relationship'],
    ['how does login work', 'flow'],
    ['importer pattern', 'pattern'],
    ['*Importer', 'pattern'],
    ['get*Config', 'pattern'],
    ['parseConfigFile', 'symbol'],
    ['retry_with_backoff', 'symbol'],
    ['auth.login', 'symbol'],
    ['error handling for network timeouts', 'concept'],
    ['UserService', 'symbol'],
    ['who extends BaseValidator', 'relationship'],
    ['callers of parse_config', 'relationship'],
    ['what uses parse_config', 'relationship'],
    ['how to use a json decoder', 'concept'],
    ['the visitor pattern in the compiler', 'pattern'],
    ['how is pattern matching used', 'pattern'],
    // "how to ..." asks for code that does something, not for a walk through this code's flow.
    ['how to read a file line by line', 'concept'],
    ['how do i sort a dict by value', 'concept'],
    ['how does the importer work', 'flow'],
  ])('%j is a %s query', (query, type) => {
    expect(classify(query).type).toBe(type);
  });

  it('reads prose (an issue pasted whole) as a concept, whatever signal words or globs it holds', () => {
    const issue = 'The exporter uses *args to pass options and the process crashes when a callback calls parse_config twice';
    expect(classify(issue)).toEqual({ type: 'concept', identifiers: ['parse_config'], reason: 'prose' });
    expect(classify('what calls parse_config').type).toBe('relationship');
  });

  it('matches signal words whole: "use" is not found inside UserService or "user"', () => {
    expect(classify('UserService user profile').type).toBe('symbol');
    expect(classify('user profile settings').type).toBe('concept');
    expect(classify('howto guide').type).toBe('concept');
  });

  it('keeps the identifiers it saw', () => {
    expect(classify('what calls validateToken and parse_config').identifiers).toEqual(['validateToken', 'parse_config']);
  });

  it('strips the words that only named the question type', () => {
    expect(stripSignalWords('what calls validateToken', 'relationship')).toBe('validateToken');
    expect(stripSignalWords('how does login work', 'flow')).toBe('login');
    expect(stripSignalWords('importer pattern', 'pattern')).toBe('importer');
  });
});
