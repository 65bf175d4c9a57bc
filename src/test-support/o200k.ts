/**
 * @module test-support/o200k
 * Counts tokens as GPT-4o-class models read text: js-tiktoken's o200k_base
 * encoding, whose ranks ship inside the package (no download at run time).
 * For measurements and budget tests only; the server's own estimate is
 * shape/tokens.
 */
import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';

let encoder: Tiktoken | undefined;

export function o200kTokens(text: string): number {
  encoder ??= new Tiktoken(o200kBase);
  return encoder.encode(text).length;
}
