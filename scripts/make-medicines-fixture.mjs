#!/usr/bin/env node
/**
 * One-off generator of the committed medicines test fixtures
 * (src/medicines/fixtures/). It reads only the real SÚKL files in
 * ../shared/data/sukl at development time and writes small files in the
 * official formats (windows-1250, `;` or `|`, CRLF). The fixtures are committed;
 * tests never run this script.
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

const read = (name) => parse(iconv.decode(fs.readFileSync(path.join(shared, name)), 'windows-1250'), { delimiter: ';', columns: true, relax_quotes: true });
const write = (name, header, rows, sep = ';') => {
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

const seen = new Set();
const picked = [];
for (const row of cancelled) {
  const key = `${row.NAZEV}|${row.SILA}|${row.FORMA}`;
  if (seen.has(key) || !forms.has(row.FORMA) || !routes.has(row.CESTA) || !orgs.has(`${row.DRZITEL}|${row.ZEME_DRZITELE}`)) continue;
  const first = row.NAZEV.split(/[\s,]+/)[0];
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
picked.sort((a, b) => (b.special - a.special) || a.row.NAZEV.localeCompare(b.row.NAZEV));
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
const composition = [];
for (const p of products) {
  const latka = substanceByName.get(p.inn.toUpperCase());
  if (latka) composition.push({ KOD_SUKL: p.KOD_SUKL, KOD_LATKY: latka, SQ: '1', S: 'L', AMNT_OD: '', AMNT: p.SILA.replace(/[^0-9.,].*$/, ''), UN: 'MG' });
  if (/PARALEN GRIP|EXTRA/.test(p.NAZEV)) composition.push({ KOD_SUKL: p.KOD_SUKL, KOD_LATKY: substanceByName.get('KOFEIN'), SQ: '2', S: 'L', AMNT_OD: '', AMNT: '65', UN: 'MG' });
}
write('dlp_slozeni.csv', ['KOD_SUKL', 'KOD_LATKY', 'SQ', 'S', 'AMNT_OD', 'AMNT', 'UN'], composition);

// Document names for the painkillers (PIL and SPC file names as SÚKL publishes them).
const docs = products.filter((p) => p.ATC_WHO === 'N02BE01' || p.ATC_WHO === 'M01AE01').map((p, i) => ({
  KOD_SUKL: p.KOD_SUKL, PIL: `PI${200000 + i}.pdf`, DAT_ROZ_PIL: '15.03.2024', SPC: `SPC${200000 + i}.pdf`, DAT_ROZ_SPC: '15.03.2024',
  OBAL_TEXT: '', DAT_ROZ_OBAL: '', NR: '', DAT_NPM_NR: '',
}));
write('dlp_nazvydokumentu.csv', ['KOD_SUKL', 'PIL', 'DAT_ROZ_PIL', 'SPC', 'DAT_ROZ_SPC', 'OBAL_TEXT', 'DAT_ROZ_OBAL', 'NR', 'DAT_NPM_NR'], docs);

// Reimbursement list (SCAU, `|`): a price and reimbursement for every fifth product.
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
const reports = [
  { KOD_SUKL: ibu[0].KOD_SUKL, NAZEV: ibu[0].NAZEV, TYP_HLASENI: 'P', DATUM_HLASENI: '02.12.2025', DATUM_OD: '05.12.2025', DATUM_DO: '', DUVOD: 'Výrobní problémy u výrobce; dodávky obnoveny předpokládáme v únoru.' },
  { KOD_SUKL: para[1].KOD_SUKL, NAZEV: para[1].NAZEV, TYP_HLASENI: 'P', DATUM_HLASENI: '01.03.2024', DATUM_OD: '01.03.2024', DATUM_DO: '30.04.2024', DUVOD: 'Zvýšená poptávka' },
  { KOD_SUKL: para[2].KOD_SUKL, NAZEV: para[2].NAZEV, TYP_HLASENI: 'U', DATUM_HLASENI: '10.11.2025', DATUM_OD: '01.12.2025', DATUM_DO: '', DUVOD: 'Obchodní rozhodnutí držitele' },
];
write('mr_hlaseni.csv', ['KOD_SUKL', 'NAZEV', 'TYP_HLASENI', 'DATUM_HLASENI', 'DATUM_OD', 'DATUM_DO', 'DUVOD'], reports);
console.log(`products ${products.length}, composition ${composition.length}, documents ${docs.length}, scau ${scau.length}, shortages ${reports.length}`);
