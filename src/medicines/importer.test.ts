import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { importMedicines } from './importer.js';
import { callTool } from '../tools/call-tool.js';
import { ToolContext } from '../tools/context.js';
import { defaultMedicinesPath } from './store.js';
import { makeTree } from '../test-support/temp-tree.js';
import { makeZip } from '../test-support/zip.js';
import { makePdf } from '../test-support/pdf.js';
import { FULL_SUKL, MEDICINES_FIXTURES, PIL_PAGES, SUKL_FIXTURES, cp1250, csvFiles, sourceCounts } from '../test-support/medicines.js';

function count(root: string, sql: string): unknown {
  const db = new Database(defaultMedicinesPath(root), { readonly: true });
  try { return db.prepare(sql).pluck().get(); } finally { db.close(); }
}

const FIXTURE_HEADER = 'KOD_SUKL;NAZEV;SILA;FORMA;BALENI;DOPLNEK;CESTA;ATC_WHO;REG;VYDEJ;DODAVKY;TYP_LP;RC;MRP_CISLO;DRZ;ZEMDRZ;AKT_DRZ;AKT_ZEM;V_PLATDO;SDOV;IS_';

/** Imports a folder of SÚKL CSVs and checks every file's record count against the folder's SOURCE.md. */
async function importAndCount(dir: string) {
  const root = makeTree();
  const report = await importMedicines({ root, paths: [dir] });
  const expected = sourceCounts(dir);
  expect(expected.size).toBe(csvFiles(dir).length);
  const got = new Map(report.files.map((f) => [path.basename(f.file), f.rows]));
  for (const file of csvFiles(dir)) expect([file, got.get(file)]).toEqual([file, expected.get(file)]);
  expect(report.files.every((f) => !f.unknown_columns.includes('KOD_SUKL'))).toBe(true);
  expect(report.skipped.map((s) => path.basename(s))).toEqual(['SOURCE.md']);
  expect(report.data_set).toMatchObject({ valid_from: '2026-01-01', valid_to: '2026-01-31' });
  return root;
}

/** DLP*.zip and LEKARNY*.zip built from a folder of SÚKL CSVs (DLP entries in a sub-folder, as SÚKL ships them). */
function zipsOf(dir: string): string[] {
  const dlp: Record<string, Buffer> = {};
  for (const f of csvFiles(dir).filter((f) => f.startsWith('dlp_'))) dlp[`DLP20251223/${f}`] = fs.readFileSync(path.join(dir, f));
  for (const f of ['dlp_lecivepripravky.csv', 'dlp_slozeni.csv', 'dlp_nazvydokumentu.csv']) dlp[f] = fs.readFileSync(path.join(MEDICINES_FIXTURES, f));
  const lekarny: Record<string, Buffer> = {};
  for (const f of csvFiles(dir).filter((f) => f.startsWith('lekarny_'))) lekarny[f] = fs.readFileSync(path.join(dir, f));
  const out = makeTree({ 'DLP20251223.zip': makeZip(dlp), 'LEKARNY20251223.zip': makeZip(lekarny) });
  return [path.join(out, 'DLP20251223.zip'), path.join(out, 'LEKARNY20251223.zip')];
}

describe(`medicines importer on the full SÚKL files (${FULL_SUKL.reason})`, () => {
  it.skipIf(!FULL_SUKL.present)('reads every real file with the record count SOURCE.md states, and decodes it', async () => {
    const root = await importAndCount(FULL_SUKL.path);
    expect(count(root, "SELECT count(*) FROM pharmacies WHERE city = 'Plzeň'")).toBe(47);
    expect(count(root, 'SELECT count(*) FROM pharmacies WHERE emergency = 1')).toBe(16);
    expect(count(root, "SELECT count(*) FROM pharmacies WHERE city = 'Praha'")).toBeGreaterThanOrEqual(341);
  });

  it.skipIf(!FULL_SUKL.present)('reads the full files from DLP and LEKARNY zip archives', async () => {
    const root = makeTree();
    const report = await importMedicines({ root, paths: zipsOf(FULL_SUKL.path) });
    expect(report.files.find((f) => f.file.endsWith('DLP20251223.zip:DLP20251223/dlp_atc.csv'))?.rows).toBe(6907);
    expect(report.files.find((f) => f.file.endsWith('LEKARNY20251223.zip:lekarny_seznam.csv'))?.rows).toBe(2674);
  });
});

describe('medicines importer on the trimmed real SÚKL files (test-fixtures/sukl)', () => {
  it('reads every file with the record count its SOURCE.md states', async () => {
    await importAndCount(SUKL_FIXTURES);
  });

  it('decodes windows-1250 and keeps codes as text', async () => {
    const root = makeTree();
    await importMedicines({ root, paths: [SUKL_FIXTURES] });
    expect(count(root, "SELECT name FROM atc WHERE code = 'A'")).toBe('TRÁVICÍ TRAKT A METABOLISMUS');
    // The fixture keeps every Plzeň pharmacy and every emergency one of the full list.
    expect(count(root, "SELECT count(*) FROM pharmacies WHERE city = 'Plzeň'")).toBe(47);
    expect(count(root, 'SELECT count(*) FROM pharmacies WHERE emergency = 1')).toBe(16);
    expect(count(root, "SELECT code FROM pharmacies WHERE code LIKE '00%' LIMIT 1")).toMatch(/^00\d{9}$/);
    expect(count(root, "SELECT name FROM codes WHERE list = 'dlp_vydej' AND code = 'F'")).toBe('volně prodejné léčivé přípravky');
  });

  it('imports the committed product fixture with leading-zero codes, and reports unknown columns of real files', async () => {
    const root = makeTree();
    const report = await importMedicines({ root, paths: [SUKL_FIXTURES, MEDICINES_FIXTURES] });
    const products = report.files.find((f) => f.file.endsWith('dlp_lecivepripravky.csv'))!;
    expect(products).toMatchObject({ table: 'products', unknown_columns: [], missing_optional_columns: [] });
    expect(products.rows).toBeGreaterThanOrEqual(300);
    expect(count(root, "SELECT name FROM products WHERE kod_sukl = '0000113'")).toBe('IBALGIN');
    expect(report.files.find((f) => f.file.endsWith('dlp_formy.csv'))!.unknown_columns).toEqual(['NAZEV_LAT', 'JE_KONOPI', 'KOD_EDQM']);
  });

  it('reads DLP and LEKARNY zip archives, entries in sub-folders included', async () => {
    const root = makeTree();
    const report = await importMedicines({ root, paths: zipsOf(SUKL_FIXTURES) });
    const expected = sourceCounts(SUKL_FIXTURES);
    expect(report.files.find((f) => f.file.endsWith('DLP20251223.zip:DLP20251223/dlp_atc.csv'))?.rows).toBe(expected.get('dlp_atc.csv'));
    expect(report.files.find((f) => f.file.endsWith('LEKARNY20251223.zip:lekarny_seznam.csv'))?.rows).toBe(expected.get('lekarny_seznam.csv'));
    expect(report.files.find((f) => f.file.endsWith('dlp_splp.csv'))?.rows).toBe(expected.get('dlp_splp.csv'));
    expect(count(root, 'SELECT count(*) FROM products')).toBeGreaterThanOrEqual(300);
  });

  it('names missing required columns, and a failed import leaves the previous data intact', async () => {
    const root = makeTree();
    await importMedicines({ root, paths: [MEDICINES_FIXTURES] });
    const before = count(root, 'SELECT count(*) FROM products');
    const broken = makeTree({
      'dlp_lecivepripravky.csv': cp1250(['KOD_SUKL;SILA', '0000001;10MG']),
      'lekarny_seznam.csv': cp1250(['NAZEV;KOD_PRACOVISTE;MESTO', 'Nová;1;Brno']),
    });
    await expect(importMedicines({ root, paths: [broken] })).rejects.toThrow(/dlp_lecivepripravky\.csv: missing required column\(s\) NAZEV\. Its header has: KOD_SUKL, SILA/);
    expect(count(root, 'SELECT count(*) FROM products')).toBe(before);
    expect(count(root, "SELECT count(*) FROM products WHERE kod_sukl = '0000001'")).toBe(0);
    expect(count(root, 'SELECT count(*) FROM pharmacies')).toBe(0);
  });

  it('rolls back on a malformed CSV too, naming the file and record', async () => {
    const root = makeTree();
    await importMedicines({ root, paths: [MEDICINES_FIXTURES] });
    const broken = makeTree({ 'dlp_atc.csv': cp1250(['ATC;NT;NAZEV;NAZEV_EN', 'A;N;OK;OK', 'B;N;"unterminated;X']) });
    await expect(importMedicines({ root, paths: [broken] })).rejects.toThrow(/dlp_atc\.csv: not a readable CSV/);
    expect(count(root, 'SELECT count(*) FROM products')).toBeGreaterThanOrEqual(300);
    expect(count(root, 'SELECT count(*) FROM atc')).toBe(0);
  });

  it('reports unknown and missing optional columns, and replaces only the tables it brings', async () => {
    const root = makeTree();
    await importMedicines({ root, paths: [MEDICINES_FIXTURES] });
    const header = FIXTURE_HEADER.replace(';DODAVKY', '') + ';NOVY_SLOUPEC';
    const update = makeTree({ 'dlp_lecivepripravky.csv': cp1250([header, '0000042;NOVÝ LÉK;10MG;TBL NOB;10;10X10MG;POR;N02BE01;R;F;CH;;;OHC;CZ;OHC;CZ;;;;x']) });
    const report = await importMedicines({ root, paths: [update] });
    expect(report.files[0]).toMatchObject({ rows: 1, unknown_columns: ['NOVY_SLOUPEC'], missing_optional_columns: ['DODAVKY'] });
    expect(count(root, 'SELECT count(*) FROM products')).toBe(1);
    expect(count(root, 'SELECT count(*) FROM reimbursement')).toBeGreaterThan(0);
  });

  it('maps SCAU columns by header name, aliases included', async () => {
    const root = makeTree();
    const scau = makeTree({ 'SCAU260201.txt': cp1250(['KOD_SUKL|NAZEV|MAX_CENA_LEKARNA|UHRADA|MAX_DOPLATEK|NECO', '113|IBALGIN|99,90|40,10|59,80|x']) });
    const report = await importMedicines({ root, paths: [scau] });
    expect(report.files[0]).toMatchObject({ table: 'reimbursement', rows: 1, unknown_columns: ['NECO'] });
    const db = new Database(defaultMedicinesPath(root), { readonly: true });
    expect(db.prepare('SELECT kod_sukl, max_pharmacy_price, reimbursement, max_copay FROM reimbursement').get())
      .toEqual({ kod_sukl: '0000113', max_pharmacy_price: 99.9, reimbursement: 40.1, max_copay: 59.8 });
    db.close();
  });

  it('makes active substances searchable, excipients not (dlp_slozeni flag S)', async () => {
    const root = makeTree();
    const composition = makeTree({
      'dlp_slozeni.csv': cp1250(['KOD_SUKL;KOD_LATKY;SQ;S;AMNT_OD;AMNT;UN', '0005700;1064;1;L;;500;MG', '0005700;1593;2;X;;10;MG']),
      'dlp_lecivepripravky.csv': fs.readFileSync(path.join(MEDICINES_FIXTURES, 'dlp_lecivepripravky.csv')),
    });
    await importMedicines({ root, paths: [SUKL_FIXTURES, composition] });
    const ctx = new ToolContext({ root, env: {} });
    const byActive = await callTool('search-medicine', { query: 'paracetamolum' }, ctx) as any;
    const byExcipient = await callTool('search-medicine', { query: 'ibuprofenum' }, ctx) as any;
    const details = await callTool('get-medicine-details', { sukl_code: '5700' }, ctx) as any;
    ctx.close();
    expect(byActive.results.map((r: any) => r.sukl_code)).toContain('0005700');
    expect(byExcipient.results.map((r: any) => r.sukl_code)).not.toContain('0005700');
    expect(details.substances.map((x: any) => [x.inn, x.active])).toEqual([['PARACETAMOLUM', true], ['IBUPROFENUM', false]]);
  });

  it('refuses paths that hold no SÚKL file, and paths that do not exist', async () => {
    await expect(importMedicines({ root: makeTree(), paths: [makeTree({ 'notes.txt': 'x' })] })).rejects.toThrow(/No SÚKL data file recognised/);
    await expect(importMedicines({ root: makeTree(), paths: ['/no/such/folder'] })).rejects.toThrow(/does not exist: \/no\/such\/folder/);
  });
});

/** A one-entry zip whose headers (local and central) declare `size` bytes, whatever the entry holds. */
function zipDeclaring(name: string, content: Buffer, size: number): Buffer {
  const zip = makeZip({ [name]: content });
  zip.writeUInt32LE(size, 22);
  zip.writeUInt32LE(size, zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
  return zip;
}

describe('import limits: sizes are capped before and while reading', () => {
  const atc = fs.readFileSync(path.join(SUKL_FIXTURES, 'dlp_atc.csv'));

  it('refuses a zip entry whose declared size is over the cap, without reading it, and keeps the previous data', async () => {
    const root = makeTree();
    await importMedicines({ root, paths: [MEDICINES_FIXTURES] });
    const dir = makeTree({ 'DLP.zip': makeZip({ 'dlp_atc.csv': atc }) });
    const error = await importMedicines({ root, paths: [path.join(dir, 'DLP.zip')], limits: { csvMaxBytes: 1000 } }).catch((e) => e);
    expect(error).toMatchObject({ code: 'LIMIT_EXCEEDED', message: `${path.join(dir, 'DLP.zip')}:dlp_atc.csv: ${atc.length} bytes, more than the 1000 bytes allowed for a CSV; not read.` });
    expect(count(root, 'SELECT count(*) FROM products')).toBeGreaterThanOrEqual(300);
  });

  it('counts inflated bytes: an entry that holds more than its header declares is refused', async () => {
    const dir = makeTree({ 'DLP.zip': zipDeclaring('dlp_atc.csv', atc, 100) });
    const error = await importMedicines({ root: makeTree(), paths: [path.join(dir, 'DLP.zip')] }).catch((e) => e);
    expect(error).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect(error.message).toBe(`${path.join(dir, 'DLP.zip')}:dlp_atc.csv: the zip entry inflates to more bytes than its header declares (100); the archive is damaged or crafted, not read.`);
  });

  it('refuses a PDF over the cap, on disk or in a zip, before extracting its text', async () => {
    const pdf = makePdf(PIL_PAGES);
    const dir = makeTree({ 'PI1.pdf': pdf, 'docs.zip': makeZip({ 'PI2.pdf': pdf }) });
    for (const file of ['PI1.pdf', 'docs.zip']) {
      const error = await importMedicines({ root: makeTree(), paths: [path.join(dir, file)], limits: { pdfMaxBytes: 200 } }).catch((e) => e);
      expect(error).toMatchObject({ code: 'LIMIT_EXCEEDED' });
      expect(error.message).toContain(`${pdf.length} bytes, more than the 200 bytes allowed for a PDF; not read.`);
    }
  });

  it('refuses a CSV file on disk over the cap, and a record longer than max_record_size', async () => {
    const big = makeTree({ 'dlp_atc.csv': atc });
    await expect(importMedicines({ root: makeTree(), paths: [big], limits: { csvMaxBytes: 1000 } })).rejects.toMatchObject({ code: 'LIMIT_EXCEEDED' });
    const long = makeTree({ 'dlp_atc.csv': cp1250(['ATC;NT;NAZEV;NAZEV_EN', 'A;N;OK;OK', `B;N;${'x'.repeat(5000)};X`]) });
    const error = await importMedicines({ root: makeTree(), paths: [long], limits: { csvMaxRecordChars: 1000 } }).catch((e) => e);
    expect(error).toMatchObject({ code: 'LIMIT_EXCEEDED' });
    expect(error.message).toBe(`${path.join(long, 'dlp_atc.csv')}: the record at line 3 is longer than 1000 characters; this is not a SÚKL table.`);
  });
});
