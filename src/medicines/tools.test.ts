import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDICINES } from '../contracts/limits.js';
import { errorBody, toQuarryError } from '../contracts/errors.js';
import { callTool } from '../tools/call-tool.js';
import { ToolContext } from '../tools/context.js';
import { importMedicines } from './importer.js';
import { makeTree } from '../test-support/temp-tree.js';
import { makePdf } from '../test-support/pdf.js';
import { MEDICINES_FIXTURES, PIL_PAGES, SUKL_FIXTURES } from '../test-support/medicines.js';

let ctx: ToolContext;
const call = (tool: string, args: Record<string, unknown>) => callTool(tool, args, ctx) as Promise<any>;
async function fail(tool: string, args: Record<string, unknown>) {
  try { await call(tool, args); } catch (error) { return errorBody(toQuarryError(error)); }
  throw new Error('expected an error');
}

beforeAll(async () => {
  const root = makeTree();
  const docs = makeTree({ 'PI200100.pdf': makePdf(PIL_PAGES) });
  await importMedicines({ root, paths: [SUKL_FIXTURES, MEDICINES_FIXTURES, docs] });
  ctx = new ToolContext({ root, env: {} });
});
afterAll(() => ctx?.close());

describe('search-medicine', () => {
  it.each(['paralen', 'Paralen', 'PARALÉN', 'paralen   '])('finds Paralen products for %j, whatever the case and accents', async (query) => {
    const body = await call('search-medicine', { query });
    expect(body.total_count).toBe(4);
    expect(body.results.every((r: any) => r.name.startsWith('PARALEN'))).toBe(true);
  });

  it('finds products by substance (ibuprofen) beyond those named after it, names starting with the word first', async () => {
    const body = await call('search-medicine', { query: 'ibuprofen', limit: 100 });
    const names = body.results.map((r: any) => r.name);
    expect(names).toContain('IBALGIN');
    expect(names).toContain('NUROFEN PRO DĚTI JAHODA');
    expect(names.findIndex((n: string) => !n.startsWith('IBUPROFEN'))).toBeGreaterThan(names.findLastIndex((n: string) => n.startsWith('IBUPROFEN')));
    expect(body.total_count).toBe(body.results.length);
  });

  it('corrects typos and says so', async () => {
    const body = await call('search-medicine', { query: 'ibuprofne' });
    expect(body.match).toBe('fuzzy');
    expect(body.corrections[0]).toMatchObject({ word: 'ibuprofne' });
    expect(body.corrections[0].candidates).toContain('ibuprofen');
    expect(body.results[0].name).toMatch(/^IBUPROFEN/);
    expect((await call('search-medicine', { query: 'paralem' })).results[0].name).toMatch(/^PARALEN/);
  });

  it.each(['113', '0000113', ' 0000113'])('finds a product by SÚKL code %j and answers with leading zeros', async (query) => {
    const body = await call('search-medicine', { query });
    expect(body).toMatchObject({ match: 'code', total_count: 1 });
    expect(body.results[0]).toMatchObject({ sukl_code: '0000113', name: 'IBALGIN' });
  });

  it('matches form names and ATC codes as words', async () => {
    const effervescent = await call('search-medicine', { query: 'paralen šumivá' });
    expect(effervescent).toMatchObject({ match: 'words', total_count: 1 });
    expect(effervescent.results[0]).toMatchObject({ name: 'PARALEN RAPID', form: 'Šumivá tableta' });
    const byAtc = await call('search-medicine', { query: 'n02be01', limit: 100 });
    expect(byAtc.total_count).toBe(33);
    expect(byAtc.results.every((r: any) => r.atc_code === 'N02BE01')).toBe(true);
  });

  it('falls back to any of several words when they never occur together, and says so', async () => {
    const body = await call('search-medicine', { query: 'paralen xyzzyq' });
    expect(body).toMatchObject({ match: 'partial', total_count: 4 });
    expect(body.results.every((r: any) => r.name.startsWith('PARALEN'))).toBe(true);
  });

  it('finds products by holder name', async () => {
    const body = await call('search-medicine', { query: 'opella' });
    expect(body.total_count).toBeGreaterThan(0);
    expect(body.results.every((r: any) => /Opella/.test(r.holder))).toBe(true);
  });

  it('pages with a real total: pages do not overlap and cover the whole result', async () => {
    const all = await call('search-medicine', { query: 'ibuprofen', limit: 100 });
    const first = await call('search-medicine', { query: 'ibuprofen', limit: 30 });
    const second = await call('search-medicine', { query: 'ibuprofen', limit: 30, offset: first.next_offset });
    expect(first.total_count).toBe(all.total_count);
    expect(first.has_more).toBe(true);
    expect([...first.results, ...second.results].map((r: any) => r.sukl_code)).toEqual(all.results.slice(0, 60).map((r: any) => r.sukl_code));
  });

  it('clamps limit silently into range', async () => {
    expect((await call('search-medicine', { query: 'ibuprofen', limit: 0 })).limit).toBe(MEDICINES.searchLimit.min);
    expect((await call('search-medicine', { query: 'ibuprofen', limit: 1000 })).limit).toBe(MEDICINES.searchLimit.max);
    expect((await call('search-medicine', { query: 'ibuprofen' })).count).toBe(MEDICINES.searchLimit.default);
  });

  it('finds nothing (not an error) for a word that matches nothing, and shows the data set validity', async () => {
    const body = await call('search-medicine', { query: 'qqqqqqqqqq' });
    expect(body).toMatchObject({ ok: true, total_count: 0, results: [] });
    expect(body.data_set).toMatchObject({ valid_from: '2026-01-01', valid_to: '2026-01-31' });
    expect(body.data_set.source).toContain('opendata.sukl.cz');
  });
});

describe('get-medicine-details', () => {
  it('resolves code lists and holders to text', async () => {
    const body = await call('get-medicine-details', { sukl_code: '3813' });
    expect(body).toMatchObject({
      sukl_code: '0003813', name: 'PARALEN EXTRA PROTI BOLESTI',
      form: { code: 'TBL FLM', name: 'Potahovaná tableta' },
      route: { code: 'POR', name: 'Perorální podání' },
      dispensing: { code: 'F', name: 'volně prodejné léčivé přípravky' },
      registration: { state: { code: 'R', name: 'registrovaný léčivý přípravek' }, number: '07/141/03-C' },
      holder: { code: 'OHC', name: 'Opella Healthcare Czech s.r.o., Praha' },
      atc: { code: 'N02BE01', name: 'PARACETAMOL' },
    });
    expect(body.substances.map((s: any) => s.name)).toEqual(['PARACETAMOL', 'KOFEIN']);
    expect(body.documents.pil.file).toBe('PI200100.pdf');
  });

  it('says in Czech that an unknown code does not exist', async () => {
    expect(await fail('get-medicine-details', { sukl_code: '9999999' })).toEqual({ ok: false, code: 'NOT_FOUND', error: 'Léčivý přípravek s kódem SÚKL 9999999 nebyl nalezen.' });
  });
});

describe('check-availability and batch-check-availability', () => {
  it('reports an open shortage with its reason and date over the supply flag', async () => {
    const body = await call('check-availability', { sukl_code: '113' });
    expect(body).toMatchObject({ status: 'shortage', available: false, supplied_flag: 'A', shortage: { type: 'interruption', from: '2025-12-05' } });
    expect(body.shortage.reason).toContain('Výrobní problémy');
  });

  it('uses the DODAVKY flag when no report is open; an ended report is history', async () => {
    const past = await call('check-availability', { sukl_code: '0002777' });
    expect(past.past_reports).toHaveLength(1);
    expect(past.shortage).toBeNull();
    expect(['available', 'not_supplied']).toContain(past.status);
    const notSupplied = await call('check-availability', { sukl_code: '0000224' });
    expect(notSupplied).toMatchObject({ status: 'not_supplied', supplied_flag: 'N', available: false });
    expect(await call('check-availability', { sukl_code: '0002814' })).toMatchObject({ status: 'discontinued' });
  });

  it('lists not-found codes explicitly and de-duplicates codes written two ways', async () => {
    const body = await call('batch-check-availability', { sukl_codes: ['113', '0000113', '9999999', '150'] });
    expect(body).toMatchObject({ requested: 4, found: 2, not_found: ['9999999'] });
    expect(body.results.map((r: any) => r.sukl_code)).toEqual(['0000113', '0000150']);
  });
});

describe('find-pharmacies', () => {
  it('matches a city without diacritics and gives hours, e-prescription and a total', async () => {
    const body = await call('find-pharmacies', { city: 'Plzen', limit: 5 });
    expect(body.total_count).toBe(47);
    expect(body.count).toBe(5);
    expect(body.pharmacies.every((p: any) => p.city === 'Plzeň')).toBe(true);
    const withHours = body.pharmacies.find((p: any) => p.opening_hours.length > 0);
    expect(withHours.opening_hours[0]).toMatchObject({ day: 'PO', day_name: 'pondělí' });
    expect(typeof body.pharmacies[0].e_prescription).toBe('boolean');
  });

  it('matches a postal code with or without its space', async () => {
    const a = await call('find-pharmacies', { postal_code: '110 00' });
    const b = await call('find-pharmacies', { postal_code: '11000' });
    expect(a.total_count).toBeGreaterThan(0);
    expect(a.total_count).toBe(b.total_count);
    expect(a.pharmacies[0].postal_code).toBe('110 00');
  });

  it('is_24h true keeps the 16 emergency pharmacies; a non-boolean is ignored', async () => {
    const emergency = await call('find-pharmacies', { is_24h: true, limit: 100 });
    expect(emergency.total_count).toBe(16);
    expect(emergency.pharmacies.every((p: any) => p.is_24h)).toBe(true);
    const ignored = await call('find-pharmacies', { is_24h: 'yes', city: 'Praha' });
    const plain = await call('find-pharmacies', { city: 'Praha' });
    expect(ignored.total_count).toBe(plain.total_count);
    expect(plain.total_count).toBeGreaterThan(0);
  });
});

describe('get-atc-info', () => {
  it('is case-insensitive and gives level, parent, path and children with Czech and English names', async () => {
    const body = await call('get-atc-info', { atc_code: 'n02be' });
    expect(body).toMatchObject({ code: 'N02BE', level: 4, name: 'ANILIDY', name_en: 'ANILIDES', parent: { code: 'N02B', level: 3 } });
    expect(body.path.map((a: any) => a.code)).toEqual(['N', 'N02', 'N02B']);
    expect(body.children.map((a: any) => a.code)).toContain('N02BE01');
    expect(body.medicines).toBeUndefined();
  });

  it('lists products below a group with an exact total and a clamped limit', async () => {
    const body = await call('get-atc-info', { atc_code: 'M01AE01', include_medicines: true, medicines_limit: 500 });
    expect(body.level).toBe(5);
    expect(body.children).toEqual([]);
    expect(body.medicines.limit).toBe(MEDICINES.atcMedicinesLimit.max);
    expect(body.medicines.total_count).toBe(71);
    expect(body.medicines.items).toHaveLength(71);
  });

  it('says so when a group does not exist', async () => {
    expect(await fail('get-atc-info', { atc_code: 'x99' })).toEqual({ ok: false, code: 'NOT_FOUND', error: 'Skupina ATC s kódem X99 nebyla nalezena.' });
  });
});

describe('get-reimbursement', () => {
  it('reads prices and reimbursement from the documented SCAU columns', async () => {
    const body = await call('get-reimbursement', { sukl_code: '298' });
    expect(body).toMatchObject({ sukl_code: '0000298', in_scau: true, reimbursed: true, columns: { max_pharmacy_price: 'MAX_CENA_LEK', reimbursement: 'UHR1', max_copay: 'DOPLATEK' } });
    const line = fs.readFileSync(path.join(MEDICINES_FIXTURES, 'SCAU260101.txt'), 'latin1').split('\r\n').find((l) => l.startsWith('0000298|'))!.split('|');
    expect(body.prices[0]).toMatchObject({ max_producer_price: Number(line[4]!.replace(',', '.')), max_pharmacy_price: Number(line[5]!.replace(',', '.')), reimbursement: Number(line[6]!.replace(',', '.')), currency: 'CZK' });
  });

  it('answers "not in SCAU" for a registered product without a price line', async () => {
    expect(await call('get-reimbursement', { sukl_code: '150' })).toMatchObject({ in_scau: false, reimbursed: false, prices: [] });
  });
});

describe('get-pil-content and get-spc-content', () => {
  it('returns the imported PIL by section', async () => {
    const body = await call('get-pil-content', { sukl_code: '3813' });
    expect(body).toMatchObject({ document: 'PIL', file: 'PI200100.pdf', text_available: true, section_count: 7 });
    expect(body.sections.map((s: any) => s.title.slice(0, 2))).toEqual(['', '1.', '2.', '3.', '4.', '5.', '6.']);
    expect(body.sections[2].text).toContain('1. tento radek je vycet');
    expect(body.url).toContain('PI200100.pdf');
  });

  it('searches the text diacritics-insensitively and returns one section on request', async () => {
    const hit = await call('get-pil-content', { sukl_code: '3813', query: 'davkovani' });
    expect(hit.matching_sections).toBe(1);
    expect(hit.sections[0].title).toBe('3. Jak se pripravek uziva');
    const one = await call('get-pil-content', { sukl_code: '3813', section: 6 });
    expect(one.sections).toHaveLength(1);
    expect(one.sections[0].text).toContain('Opella');
  });

  it('gives the SPC name and URL, with a note when its text is not imported', async () => {
    const body = await call('get-spc-content', { sukl_code: '3813' });
    expect(body).toMatchObject({ document: 'SPC', file: 'SPC200100.pdf', text_available: false, sections: [] });
    expect(body.text_note).toContain('QUARRY_SUKL_FETCH');
  });

  it('says so when a product has no document listed', async () => {
    const body = await fail('get-pil-content', { sukl_code: '5700' });
    expect(body).toEqual({ ok: false, code: 'NOT_FOUND', error: 'Pro přípravek 0005700 není evidován dokument PIL.' });
  });
});
