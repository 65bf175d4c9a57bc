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
import { MEDICINES_FIXTURES, SHARED_SUKL, cp1250, sharedCsvFiles } from '../test-support/medicines.js';

/** Record counts as SOURCE.md states them for each real file. */
function sourceCounts(): Map<string, number> {
  const text = fs.readFileSync(path.join(SHARED_SUKL, 'SOURCE.md'), 'utf8');
  const counts = new Map<string, number>();
  for (const m of text.matchAll(/^\| (\w+\.csv) \| \d+ \| (\d+) \|/gm)) counts.set(m[1]!, Number(m[2]));
  return counts;
}

function count(root: string, sql: string): unknown {
  const db = new Database(defaultMedicinesPath(root), { readonly: true });
  try { return db.prepare(sql).pluck().get(); } finally { db.close(); }
}

const FIXTURE_HEADER = 'KOD_SUKL;NAZEV;SILA;FORMA;BALENI;DOPLNEK;CESTA;ATC_WHO;REG;VYDEJ;DODAVKY;TYP_LP;RC;MRP_CISLO;DRZ;ZEMDRZ;AKT_DRZ;AKT_ZEM;V_PLATDO;SDOV;IS_';

describe('medicines importer on the real SÚKL files', () => {
  it('reads every real file in shared/ with the record count SOURCE.md states', async () => {
    const root = makeTree();
    const report = await importMedicines({ root, paths: [SHARED_SUKL] });
    const expected = sourceCounts();
    expect(expected.size).toBe(sharedCsvFiles().length);
    const got = new Map(report.files.map((f) => [path.basename(f.file), f.rows]));
    for (const file of sharedCsvFiles()) expect([file, got.get(file)]).toEqual([file, expected.get(file)]);
    expect(report.files.every((f) => !f.unknown_columns.includes('KOD_SUKL'))).toBe(true);
    expect(report.skipped.map((s) => path.basename(s))).toEqual(['SOURCE.md']);
    expect(report.data_set).toMatchObject({ valid_from: '2026-01-01', valid_to: '2026-01-31' });
  });

  it('decodes windows-1250 and keeps codes as text', async () => {
    const root = makeTree();
    await importMedicines({ root, paths: [SHARED_SUKL] });
    expect(count(root, "SELECT name FROM atc WHERE code = 'A'")).toBe('TRÁVICÍ TRAKT A METABOLISMUS');
    expect(count(root, "SELECT count(*) FROM pharmacies WHERE city = 'Plzeň'")).toBe(47);
    expect(count(root, 'SELECT count(*) FROM pharmacies WHERE emergency = 1')).toBe(16);
    expect(count(root, "SELECT code FROM pharmacies WHERE code LIKE '00%' LIMIT 1")).toMatch(/^00\d{9}$/);
    expect(count(root, "SELECT name FROM codes WHERE list = 'dlp_vydej' AND code = 'F'")).toBe('volně prodejné léčivé přípravky');
  });

  it('imports the committed product fixture with leading-zero codes, and reports unknown columns of real files', async () => {
    const root = makeTree();
    const report = await importMedicines({ root, paths: [SHARED_SUKL, MEDICINES_FIXTURES] });
    const products = report.files.find((f) => f.file.endsWith('dlp_lecivepripravky.csv'))!;
    expect(products).toMatchObject({ table: 'products', unknown_columns: [], missing_optional_columns: [] });
    expect(products.rows).toBeGreaterThanOrEqual(300);
    expect(count(root, "SELECT name FROM products WHERE kod_sukl = '0000113'")).toBe('IBALGIN');
    expect(report.files.find((f) => f.file.endsWith('dlp_formy.csv'))!.unknown_columns).toEqual(['NAZEV_LAT', 'JE_KONOPI', 'KOD_EDQM']);
  });

  it('reads DLP and LEKARNY zip archives, entries in sub-folders included', async () => {
    const root = makeTree();
    const dlp: Record<string, Buffer> = {};
    for (const f of sharedCsvFiles().filter((f) => f.startsWith('dlp_'))) dlp[`DLP20251223/${f}`] = fs.readFileSync(path.join(SHARED_SUKL, f));
    for (const f of ['dlp_lecivepripravky.csv', 'dlp_slozeni.csv', 'dlp_nazvydokumentu.csv']) dlp[f] = fs.readFileSync(path.join(MEDICINES_FIXTURES, f));
    const lekarny: Record<string, Buffer> = {};
    for (const f of sharedCsvFiles().filter((f) => f.startsWith('lekarny_'))) lekarny[f] = fs.readFileSync(path.join(SHARED_SUKL, f));
    const dir = makeTree({ 'DLP20251223.zip': makeZip(dlp), 'LEKARNY20251223.zip': makeZip(lekarny) });
    const report = await importMedicines({ root, paths: [path.join(dir, 'DLP20251223.zip'), path.join(dir, 'LEKARNY20251223.zip')] });
    expect(report.files.find((f) => f.file.endsWith('DLP20251223.zip:DLP20251223/dlp_atc.csv'))?.rows).toBe(6907);
    expect(report.files.find((f) => f.file.endsWith('LEKARNY20251223.zip:lekarny_seznam.csv'))?.rows).toBe(2674);
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
    await importMedicines({ root, paths: [SHARED_SUKL, composition] });
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
