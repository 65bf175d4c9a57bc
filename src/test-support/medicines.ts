/**
 * @module test-support/medicines
 * Where medicines tests find their data: the committed trimmed real SÚKL files
 * (test-fixtures/sukl, what tests use by default), the committed files the
 * shared data lacks (product table, composition, document names, SCAU,
 * shortages), and the full SÚKL files in ../shared/data/sukl when present
 * (read in place, never copied; tests that need them skip without them).
 */
import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { PROJECT_ROOT } from './cli.js';
import { sharedPart } from './shared-data.js';

/** Trimmed real SÚKL files, committed (see its SOURCE.md). */
export const SUKL_FIXTURES = path.join(PROJECT_ROOT, 'test-fixtures/sukl');
export const MEDICINES_FIXTURES = path.join(PROJECT_ROOT, 'src/medicines/fixtures');
/** The full SÚKL files: `present` is false in a fresh clone. */
export const FULL_SUKL = sharedPart('data/sukl');
export const SHARED_SUKL = FULL_SUKL.path;

/** The CSV files of a SÚKL folder (everything but SOURCE.md). */
export function csvFiles(dir: string): string[] {
  return fs.readdirSync(dir).filter((f) => f.endsWith('.csv')).sort();
}

/** Record counts per file as a folder's SOURCE.md states them (both tables start "file | bytes | records"). */
export function sourceCounts(dir: string): Map<string, number> {
  const text = fs.readFileSync(path.join(dir, 'SOURCE.md'), 'utf8');
  const counts = new Map<string, number>();
  for (const m of text.matchAll(/^\| (\w+\.csv) \| \d+ \| (\d+) \|/gm)) counts.set(m[1]!, Number(m[2]));
  return counts;
}

/** Encodes text as SÚKL does: windows-1250 with CRLF line ends. */
export function cp1250(lines: readonly string[]): Buffer {
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'windows-1250');
}

/** The PIL of the fixture's PARALEN EXTRA PROTI BOLESTI (file PI200100.pdf), in the QRD section layout. */
export const PIL_PAGES: readonly (readonly string[])[] = [
  [
    'PRIBALOVA INFORMACE: INFORMACE PRO PACIENTA',
    'Paralen Extra proti bolesti 500 mg/65 mg potahované tablety',
    '1. Co je Paralen Extra a k cemu se pouziva',
    'Paralen Extra obsahuje paracetamol a kofein. Tlumí bolest hlavy a zubu.',
    '2. Cemu musite venovat pozornost, nez zacnete pripravek uzivat',
    'Neuzivejte pri tezke poruse funkce jater.',
    '1. tento radek je vycet, ne nadpis',
  ],
  [
    '3. Jak se pripravek uziva',
    'Dávkování: dospelí 1 tableta nejvýse 4x denne.',
    '4. Mozné nezádoucí ucinky',
    'Vzácne kozní vyrázka.',
    '5. Jak pripravek uchovávat',
    'Uchovávejte pri teplote do 25 °C.',
    '6. Obsah balení a dalsí informace',
    'Drzitel rozhodnutí o registraci: Opella Healthcare Czech s.r.o.',
  ],
];
