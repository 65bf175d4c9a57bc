/**
 * @module test-support/medicines
 * Where medicines tests find their data: the real SÚKL files, read in place
 * from ../shared/data/sukl (never copied into the project), and the committed
 * fixtures (product table, composition, document names, SCAU, shortages).
 */
import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { PROJECT_ROOT } from './cli.js';

export const SHARED_SUKL = path.resolve(PROJECT_ROOT, '../shared/data/sukl');
export const MEDICINES_FIXTURES = path.join(PROJECT_ROOT, 'src/medicines/fixtures');

/** The real SÚKL CSV files in shared/ (everything but SOURCE.md). */
export function sharedCsvFiles(): string[] {
  return fs.readdirSync(SHARED_SUKL).filter((f) => f.endsWith('.csv')).sort();
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
