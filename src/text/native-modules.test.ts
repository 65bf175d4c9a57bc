import { describe, expect, it } from 'vitest';
import { nativeGrams } from '../store/first-stage/first-stage-shard.js';
import { nativeWords } from '../store/first-stage/first-stage-word-postings.js';
import { loadNativeModule } from './native-text.js';
import { missingNativeModules, nativeModuleFile, nativeTurnedOff } from './native-modules.js';

interface ParseModule {
  grammar(name: string, ...lists: unknown[]): unknown;
  captures(grammar: unknown, text: string): Int32Array | null;
}

describe('native modules refuse what is not theirs', () => {
  const bytes = new TextEncoder().encode('int main(void) { return 0; }\n');

  it('a grams builder handed to the words module is a clear TypeError, not a words builder read wrong', () => {
    const grams = nativeGrams!.createBuilder();
    expect(() => nativeWords!.addFile(grams, 0, bytes, 500, 1000, 40)).toThrow(new TypeError('not a words builder of this module'));
    expect(() => nativeWords!.finish(grams)).toThrow(TypeError);
    // The grams builder is untouched and still works.
    expect(nativeGrams!.add(grams, 0, bytes)).toBe(1);
    expect(nativeGrams!.finish(grams)).toBeInstanceOf(Buffer);
  });

  it('a words builder handed to the grams module, or to the parser as a grammar, is refused the same way', () => {
    const words = nativeWords!.createBuilder();
    expect(() => nativeGrams!.add(words, 0, bytes)).toThrow(new TypeError('not a grams builder of this module'));
    const parse = loadNativeModule<ParseModule>(nativeModuleFile('quarry_parse'), () => true)!;
    expect(() => parse.captures(words, 'int x;')).toThrow(new TypeError('captures(): not a grammar of this module'));
    expect(() => parse.captures({}, 'int x;')).toThrow(TypeError);
  });
});

describe('QUARRY_NATIVE', () => {
  it('off turns every module off; anything else leaves them to load', () => {
    expect(nativeTurnedOff({ QUARRY_NATIVE: 'off' })).toBe('turned off by QUARRY_NATIVE=off');
    expect(nativeTurnedOff({ QUARRY_NATIVE: 'OFF' })).not.toBeNull();
    expect(nativeTurnedOff({})).toBeNull();
    expect(missingNativeModules({ QUARRY_NATIVE: 'off' }).map((m) => m.name)).toEqual(['quarry_ranking', 'quarry_parse', 'quarry_text', 'quarry_grams', 'quarry_words']);
    expect(missingNativeModules({})).toEqual([]);
  });
});
