/**
 * @module cli/options
 * Parsers for CLI option values; a bad value is a usage error with the value named.
 */
import { InvalidArgumentError } from 'commander';

const UNITS: Record<string, number> = { '': 1, B: 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 };

export function parseByteSize(value: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([BKMG]?)i?B?$/i.exec(value.trim());
  if (!m) throw new InvalidArgumentError(`not a size: ${value} (try 10M, 512K or a byte count)`);
  return Math.round(Number(m[1]) * UNITS[m[2]!.toUpperCase()]!);
}

export function parseInteger(value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError(`not an integer: ${value}`);
  return Number(value);
}
