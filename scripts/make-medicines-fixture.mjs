#!/usr/bin/env node
/**
 * Generator of the committed medicines test fixtures. It reads only the real
 * SÚKL files in ../shared/data/sukl at development time and writes two sets;
 * both are committed, tests never run this script, and running it again gives
 * the same bytes.
 *
 * 1. test-fixtures/sukl/: trimmed REAL files. Each is the original header line
 *    followed by a selection of original records, copied as raw bytes
 *    (windows-1250, CRLF, quoted line breaks and all; nothing is decoded and
 *    re-encoded). Records are chosen so every code the product fixture below
 *    refers to (forms, routes, ATC codes and their ancestors, holders,
 *    substances) is present, plus the pharmacies the tests name; the rest is an
 *    evenly spaced sample. The folder's SOURCE.md is written with the counts.
 *
 * 2. src/medicines/fixtures/: the files missing from the shared data set
 *    (product table, composition, document names, SCAU, shortages), built in
 *    the official formats (windows-1250, `;` or `|`, CRLF):
 *
 * Product names, strengths, forms, routes, registration numbers and holders come
 * from real rows of dlp_zruseneregistrace.csv; ATC codes from dlp_atc.csv (matched
 * by the product's first word where that is an INN, else taken from the same row's
 * neighbourhood of real codes); substances from dlp_lecivelatky.csv. KOD_SUKL codes,
 * package sizes, supply flags, prices and shortage reports are synthetic.
 */
import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';

const here = path.dirname(new URL(import.meta.url).pathname);
const project = path.resolve(here, '..');
const shared = path.resolve(project, '../shared/data/sukl');
const out = path.join(project, 'src/medicines/fixtures');

/**
 * A decoded CSV record by column name; the columns this script reads are named, so reading one is a string.
 * @typedef {'ATC' | 'CESTA' | 'DRZITEL' | 'FORMA' | 'KOD_LATKY' | 'KOD_PRACOVISTE' | 'MESTO' | 'MRP_CISLO' | 'NAZEV'
 *   | 'POHOTOVOST' | 'PSC' | 'REGISTRACNI_CISLO' | 'SILA' | 'SOUBEZNY_DOVOZ' | 'ZEM' | 'ZEME_DRZITELE' | 'ZKR_ORG'} Column
 * @typedef {Record<string, string> & Record<Column, string>} Row
 */
/** @typedef {{ raw: Buffer, fields: Row }} RawRow a record as its raw bytes, with its decoded fields */

/** @type {(name: string) => Row[]} */
const read = (name) => parse(iconv.decode(fs.readFileSync(path.join(shared, name)), 'windows-1250'), { delimiter: ';', columns: true, relax_quotes: true });
/** @type {(name: string, header: string[], rows: Record<string, unknown>[], sep?: string) => void} */
const write = (name, header, rows, sep = ';') => {
  /** @param {string} v */
  const quote = (v) => (/[;|"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const text = [header.join(sep), ...rows.map((r) => header.map((h) => quote(String(r[h] ?? ''))).join(sep))].join('\r\n') + '\r\n';
  fs.writeFileSync(path.join(out, name), iconv.encode(text, 'windows-1250'));
};

const cancelled = read('dlp_zruseneregistrace.csv');
const atc = read('dlp_atc.csv');
const substances = read('dlp_lecivelatky.csv');
const orgs = new Set(read('dlp_organizace.csv').map((o) => `${o.ZKR_ORG}|${o.ZEM}`));
const forms = new Set(read('dlp_formy.csv').map((f) => f.FORMA));
const routes = new Set(read('dlp_cesty.csv').map((c) => c.CESTA));

const atcByName = new Map(atc.filter((a) => a.ATC.length === 7).map((a) => [a.NAZEV.toUpperCase(), a.ATC]));
const substanceByName = new Map(substances.map((s) => [s.NAZEV.toUpperCase(), s.KOD_LATKY]));
const wanted = /^(PARALEN|IBALGIN|NUROFEN|IBUPROFEN|PARACETAMOL)/;

/** @type {Set<string>} */
const seen = new Set();
/** @type {{ row: Row, atc: string, special: boolean, inn: string }[]} */
const picked = [];
for (const row of cancelled) {
  const key = `${row.NAZEV}|${row.SILA}|${row.FORMA}`;
  if (seen.has(key) || !forms.has(row.FORMA) || !routes.has(row.CESTA) || !orgs.has(`${row.DRZITEL}|${row.ZEME_DRZITELE}`)) continue;
  const first = row.NAZEV.split(/[\s,]+/)[0] ?? '';
  let code = null;
  if (/^(PARALEN|PARACETAMOL)/.test(row.NAZEV)) code = 'N02BE01';
  else if (/^(IBALGIN|NUROFEN|IBUPROFEN)/.test(row.NAZEV)) code = 'M01AE01';
  else code = atcByName.get(first) ?? null;
  if (!code) continue;
  const special = wanted.test(row.NAZEV);
  if (!special && picked.filter((p) => !p.special).length >= 260) continue;
  if (!special && seen.size % 7 !== 0) { seen.add(key); continue; }
  seen.add(key);
  picked.push({ row, atc: code, special, inn: code === 'N02BE01' ? 'PARACETAMOL' : code === 'M01AE01' ? 'IBUPROFEN' : first });
}
picked.sort((a, b) => (Number(b.special) - Number(a.special)) || a.row.NAZEV.localeCompare(b.row.NAZEV));
const products = picked.slice(0, 320).map((p, i) => {
  const kod = String(113 + i * 37).padStart(7, '0');
  const baleni = [10, 12, 20, 24, 30, 100][i % 6];
  return {
    KOD_SUKL: kod, NAZEV: p.row.NAZEV, SILA: p.row.SILA, FORMA: p.row.FORMA, BALENI: String(baleni),
    DOPLNEK: `${baleni}X${p.row.SILA}`.slice(0, 60), CESTA: p.row.CESTA, ATC_WHO: p.atc,
    REG: i % 11 === 5 ? 'B' : 'R', VYDEJ: /^(PARALEN|IBALGIN|NUROFEN)/.test(p.row.NAZEV) ? 'F' : 'R',
    DODAVKY: i % 7 === 3 ? 'N' : 'A', TYP_LP: 'CH', RC: p.row.REGISTRACNI_CISLO, MRP_CISLO: p.row.MRP_CISLO,
    DRZ: p.row.DRZITEL, ZEMDRZ: p.row.ZEME_DRZITELE, AKT_DRZ: p.row.DRZITEL, AKT_ZEM: p.row.ZEME_DRZITELE,
    V_PLATDO: i % 3 === 0 ? '' : '31.12.2030', SDOV: p.row.SOUBEZNY_DOVOZ ? 'A' : '', IS_: '', inn: p.inn,
  };
});
const header = ['KOD_SUKL', 'NAZEV', 'SILA', 'FORMA', 'BALENI', 'DOPLNEK', 'CESTA', 'ATC_WHO', 'REG', 'VYDEJ', 'DODAVKY', 'TYP_LP', 'RC', 'MRP_CISLO', 'DRZ', 'ZEMDRZ', 'AKT_DRZ', 'AKT_ZEM', 'V_PLATDO', 'SDOV', 'IS_'];
write('dlp_lecivepripravky.csv', header, products);

// Composition: the product's active substance, where dlp_lecivelatky names it.
/** @type {Record<string, string>[]} */
const composition = [];
for (const p of products) {
  const latka = substanceByName.get(p.inn.toUpperCase());
  if (latka) composition.push({ KOD_SUKL: p.KOD_SUKL, KOD_LATKY: latka, SQ: '1', S: 'L', AMNT_OD: '', AMNT: p.SILA.replace(/[^0-9.,].*$/, ''), UN: 'MG' });
  if (/PARALEN GRIP|EXTRA/.test(p.NAZEV)) composition.push({ KOD_SUKL: p.KOD_SUKL, KOD_LATKY: substanceByName.get('KOFEIN') ?? '', SQ: '2', S: 'L', AMNT_OD: '', AMNT: '65', UN: 'MG' });
}
write('dlp_slozeni.csv', ['KOD_SUKL', 'KOD_LATKY', 'SQ', 'S', 'AMNT_OD', 'AMNT', 'UN'], composition);

// Document names for the painkillers (PIL and SPC file names as SÚKL publishes them).
const docs = products.filter((p) => p.ATC_WHO === 'N02BE01' || p.ATC_WHO === 'M01AE01').map((p, i) => ({
  KOD_SUKL: p.KOD_SUKL, PIL: `PI${200000 + i}.pdf`, DAT_ROZ_PIL: '15.03.2024', SPC: `SPC${200000 + i}.pdf`, DAT_ROZ_SPC: '15.03.2024',
  OBAL_TEXT: '', DAT_ROZ_OBAL: '', NR: '', DAT_NPM_NR: '',
}));
write('dlp_nazvydokumentu.csv', ['KOD_SUKL', 'PIL', 'DAT_ROZ_PIL', 'SPC', 'DAT_ROZ_SPC', 'OBAL_TEXT', 'DAT_ROZ_OBAL', 'NR', 'DAT_NPM_NR'], docs);

// Reimbursement list (SCAU, `|`): a price and reimbursement for every fifth product.
/** @param {number} n */
const czk = (n) => n.toFixed(2).replace('.', ',');
const scau = products.filter((_, i) => i % 5 === 0).map((p, i) => ({
  KOD_SUKL: p.KOD_SUKL, NAZEV: p.NAZEV, DOPLNEK: p.DOPLNEK, ATC: p.ATC_WHO, CENA_PUV: czk(40 + i * 3.5),
  MAX_CENA_LEK: czk(62 + i * 5.25), UHR1: i % 4 === 0 ? '0,00' : czk(30 + i * 2), DOPLATEK: czk(32 + i * 3.25),
  ZAPDOPL: czk(20 + i), OMEZ_PRESK: i % 3 === 0 ? 'NEU' : '', IND_OMEZ: i % 6 === 1 ? 'P' : '', DAT_PLAT: '01.01.2026',
}));
write('SCAU260101.txt', ['KOD_SUKL', 'NAZEV', 'DOPLNEK', 'ATC', 'CENA_PUV', 'MAX_CENA_LEK', 'UHR1', 'DOPLATEK', 'ZAPDOPL', 'OMEZ_PRESK', 'IND_OMEZ', 'DAT_PLAT'], scau, '|');

// Shortage reports: an open interruption, an ended one, a permanent end of supply.
const ibu = products.filter((p) => p.ATC_WHO === 'M01AE01');
const para = products.filter((p) => p.ATC_WHO === 'N02BE01');
/** The i-th product of a list; the fixture needs it to exist. @type {<T>(list: T[], i: number) => T} */
const nth = (list, i) => { const item = list[i]; if (item === undefined) throw new Error(`fixture needs at least ${i + 1} such products`); return item; };
const reports = [
  { KOD_SUKL: nth(ibu, 0).KOD_SUKL, NAZEV: nth(ibu, 0).NAZEV, TYP_HLASENI: 'P', DATUM_HLASENI: '02.12.2025', DATUM_OD: '05.12.2025', DATUM_DO: '', DUVOD: 'Výrobní problémy u výrobce; dodávky obnoveny předpokládáme v únoru.' },
  { KOD_SUKL: nth(para, 1).KOD_SUKL, NAZEV: nth(para, 1).NAZEV, TYP_HLASENI: 'P', DATUM_HLASENI: '01.03.2024', DATUM_OD: '01.03.2024', DATUM_DO: '30.04.2024', DUVOD: 'Zvýšená poptávka' },
  { KOD_SUKL: nth(para, 2).KOD_SUKL, NAZEV: nth(para, 2).NAZEV, TYP_HLASENI: 'U', DATUM_HLASENI: '10.11.2025', DATUM_OD: '01.12.2025', DATUM_DO: '', DUVOD: 'Obchodní rozhodnutí držitele' },
];
write('mr_hlaseni.csv', ['KOD_SUKL', 'NAZEV', 'TYP_HLASENI', 'DATUM_HLASENI', 'DATUM_OD', 'DATUM_DO', 'DUVOD'], reports);
console.log(`products ${products.length}, composition ${composition.length}, documents ${docs.length}, scau ${scau.length}, shortages ${reports.length}`);

// ---------------------------------------------------------------------------
// 1. Trimmed real files (test-fixtures/sukl/): raw records, selected by key.

const trimmedDir = path.join(project, 'test-fixtures/sukl');

/**
 * Splits a `;` CSV into records as raw byte ranges (quoted fields may hold CR/LF).
 * @param {Buffer} bytes
 * @returns {Buffer[]}
 */
function splitRecords(bytes) {
  const records = [];
  let start = 0;
  let quoted = false;
  let fieldStart = true;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (quoted) { if (b === 0x22) { if (bytes[i + 1] === 0x22) i++; else quoted = false; } continue; }
    if (b === 0x22 && fieldStart) { quoted = true; fieldStart = false; continue; }
    if (b === 0x3b) { fieldStart = true; continue; }
    if (b === 0x0d && bytes[i + 1] === 0x0a) { records.push(bytes.subarray(start, i + 2)); start = i + 2; i++; fieldStart = true; continue; }
    fieldStart = false;
  }
  if (start < bytes.length) records.push(bytes.subarray(start));
  return records;
}

/**
 * A real file as its raw header, and each raw record with its decoded fields (for choosing only).
 * @param {string} name
 * @returns {{ head: Buffer, rows: RawRow[] }}
 */
function rawTable(name) {
  const bytes = fs.readFileSync(path.join(shared, name));
  const [head, ...rest] = splitRecords(bytes);
  if (!head) throw new Error(`${name}: empty file`);
  if (!Buffer.concat([head, ...rest]).equals(bytes)) throw new Error(`${name}: record split does not give the file back`);
  /** @type {string[][]} */
  const headRecords = parse(iconv.decode(head, 'windows-1250'), { delimiter: ';' });
  const columns = (headRecords[0] ?? []).map((c) => c.trim().toUpperCase());
  const rows = rest.map((raw) => {
    /** @type {string[][]} */
    const records = parse(iconv.decode(raw, 'windows-1250'), { delimiter: ';', relax_quotes: true });
    const values = records[0] ?? [];
    const fields = /** @type {Row} */ (Object.fromEntries(columns.map((c, i) => [c, values[i] ?? ''])));
    return { raw, fields };
  });
  return { head, rows };
}

/**
 * Keeps rows that `keep` accepts, plus every `every`-th other row; original order.
 * @param {RawRow[]} rows
 * @param {(fields: Row) => boolean} keep
 * @param {number} every
 */
function pick(rows, keep, every) {
  return rows.filter((r, i) => keep(r.fields) || (every > 0 && i % every === 0));
}

const productRows = products;
const used = {
  forms: new Set(productRows.map((p) => p.FORMA)),
  routes: new Set(productRows.map((p) => p.CESTA)),
  holders: new Set(productRows.flatMap((p) => [`${p.DRZ}|${p.ZEMDRZ}`, `${p.AKT_DRZ}|${p.AKT_ZEM}`])),
  atc: new Set(productRows.flatMap((p) => [1, 3, 4, 5, 7].map((n) => p.ATC_WHO.slice(0, n)))),
  // The groups whose children the tests list (paracetamol's and ibuprofen's).
  atcGroups: new Set(['N02BE', 'M01AE']),
  // Composition's substances, and the two the importer test writes by code (paracetamol, ibuprofen).
  substances: new Set([...composition.map((c) => c.KOD_LATKY), '1064', '1593']),
};

// Pharmacies the tests name: all of Plzeň, every emergency one, all of postal code 110 00.
/** @param {Row} f */
const pharmacyCity = (f) => f.MESTO === 'Plzeň' || f.POHOTOVOST === 'ANO' || f.PSC === '11000';

/** @type {Record<string, (rows: RawRow[]) => RawRow[]>} */
const PLAN = {
  dlp_atc: (rows) => pick(rows, (f) => f.ATC.length <= 3 || used.atc.has(f.ATC) || used.atcGroups.has(f.ATC.slice(0, 5)), 60),
  dlp_formy: (rows) => pick(rows, (f) => used.forms.has(f.FORMA), 6),
  dlp_organizace: (rows) => pick(rows, (f) => used.holders.has(`${f.ZKR_ORG}|${f.ZEM}`), 25),
  dlp_lecivelatky: (rows) => pick(rows, (f) => used.substances.has(f.KOD_LATKY), 25),
  dlp_latky: (rows) => pick(rows, (f) => used.substances.has(f.KOD_LATKY), 150),
  dlp_soli: (rows) => pick(rows, (f) => used.substances.has(f.KOD_LATKY), 25),
  dlp_dopinglp: (rows) => pick(rows, () => false, 40),
  dlp_zdroje: (rows) => pick(rows, () => false, 2),
  dlp_zeme: (rows) => pick(rows, (f) => [...used.holders].some((h) => h.endsWith(`|${f.ZEM}`)), 2),
  dlp_zruseneregistrace: (rows) => pick(rows, (f) => /^(PARALEN|IBALGIN|NUROFEN)/.test(f.NAZEV), 80),
  // Keeps records whose quoted fields hold line breaks, so the parser meets them.
  dlp_splp: (rows) => pick(rows, (f) => Object.values(f).some((v) => /\n/.test(v)), 10).slice(0, 40),
  lekarny_seznam: (rows) => pick(rows, pharmacyCity, 15),
};
// lekarny_prac_doba follows lekarny_seznam: the hours of the Plzeň pharmacies and the emergency ones.
/** @type {Set<string | undefined>} */
const hoursFor = new Set();

fs.mkdirSync(trimmedDir, { recursive: true });
/** @type {{ name: string, records: number, of: number, bytes: number, whole: boolean }[]} */
const counts = [];
// lekarny_seznam goes first: the hours file keeps the rows of the pharmacies it kept.
const names = fs.readdirSync(shared).filter((f) => f.endsWith('.csv')).sort();
for (const name of [...names.filter((n) => n === 'lekarny_seznam.csv'), ...names.filter((n) => n !== 'lekarny_seznam.csv')]) {
  const stem = name.replace(/\.csv$/, '');
  const table = rawTable(name);
  let rows;
  if (stem === 'lekarny_prac_doba') rows = table.rows.filter((r) => hoursFor.has(r.fields.KOD_PRACOVISTE));
  else rows = PLAN[stem]?.(table.rows) ?? table.rows; // small code lists are kept whole
  if (stem === 'lekarny_seznam') for (const r of rows) if (r.fields.MESTO === 'Plzeň' || r.fields.POHOTOVOST === 'ANO') hoursFor.add(r.fields.KOD_PRACOVISTE);
  const bytes = Buffer.concat([table.head, ...rows.map((r) => r.raw)]);
  fs.writeFileSync(path.join(trimmedDir, name), bytes);
  counts.push({ name, records: rows.length, of: table.rows.length, bytes: bytes.length, whole: rows.length === table.rows.length });
}
counts.sort((a, b) => a.name.localeCompare(b.name));

const table = counts.map((c) => `| ${c.name} | ${c.bytes} | ${c.records} | ${c.of} | ${c.whole ? 'whole file' : 'trimmed'} |`).join('\n');
fs.writeFileSync(path.join(trimmedDir, 'SOURCE.md'), `# Trimmed SÚKL open data for the tests — provenance

These files are **real SÚKL open data** (Státní ústav pro kontrolu léčiv,
https://opendata.sukl.cz), cut down so that a fresh clone can run the medicines
tests without the full data set. They are not an official SÚKL publication, and
they are incomplete on purpose.

- Source: the full files of the DLP (medicinal products database) release of
  23.12.2025, valid 01.01.2026 to 31.01.2026
  (https://opendata.sukl.cz/soubory/SOD20251223/DLP20251223.zip), and the
  pharmacy list of the same date
  (https://opendata.sukl.cz/soubory/SOD20251223/LEKARNY20251223.zip), as kept in
  \`../shared/data/sukl\` (see its SOURCE.md for where those copies came from and
  their checksums).
- How they were trimmed: \`node scripts/make-medicines-fixture.mjs\`. Each file is
  the original header line followed by a selection of the original records, in
  their original order, copied as raw bytes: windows-1250, \`;\`, CRLF, quoted
  fields with line breaks kept; nothing was decoded and re-encoded, no field was
  changed. Small code lists are whole. From the large files the script keeps every
  record a test or the product fixture (\`src/medicines/fixtures/\`) refers to,
  and an evenly spaced sample of the rest:
  - dlp_atc: levels 1 and 2, every code used by a fixture product with its
    ancestors, the whole groups N02BE and M01AE, every 60th other record;
  - dlp_formy, dlp_organizace, dlp_lecivelatky, dlp_latky, dlp_soli, dlp_zeme:
    the forms, holders, substances and countries the fixture products use, plus a sample;
  - lekarny_seznam: every pharmacy in Plzeň, every emergency one (POHOTOVOST = ANO),
    every one with postal code 11000, every 15th other record;
    lekarny_prac_doba: the opening hours of the Plzeň and emergency pharmacies;
  - dlp_splp: its records with line breaks inside quoted fields, and a sample (40 at most);
  - dlp_dopinglp, dlp_zdroje, dlp_zruseneregistrace: a sample.
- Terms: SÚKL's open-data terms (https://opendata.sukl.cz/?q=podminky-uziti) ask
  that SÚKL be named as the source with a link to opendata.sukl.cz, and that the
  meaning of the data not be changed.

## Files
The columns \`file | bytes | records\` are those of ../shared/data/sukl/SOURCE.md
(records are CSV records, not counting the header); the tests read this table.

| file | bytes | records | records in the full file | |
|---|---|---|---|---|
${table}
`);
console.log(counts.map((c) => `${c.name} ${c.records}/${c.of}`).join('\n'));
