/**
 * @module medicines/import-sinks
 * One sink per kind of SÚKL file: how a record (fields by logical name, see
 * file-specs.ts) becomes a row. Each sink knows the tables it replaces, so an
 * import that brings only the pharmacy list leaves the products alone.
 * Statements are prepared once per import; all run inside its transaction.
 */
import type Database from 'better-sqlite3';
import type { FileKind, FileSpec } from './file-specs.js';
import { PRODUCT_EXTRA_COLUMNS } from './file-specs.js';
import { foldText, normalizeAtc, normalizePostalCode, normalizeSuklCode, parseCzechDate, parseDecimal } from './normalize.js';

export type Fields = Record<string, string>;

export interface Sink {
  /** Empties what this file replaces (once per kind, or per code list). */
  clear(spec: FileSpec): void;
  insert(fields: Fields, spec: FileSpec): void;
}

const orNull = (value: string | undefined): string | null => {
  const v = value?.trim();
  return v ? v : null;
};

/** ATC levels by code length (SÚKL: 1/3/4/5/7 characters = levels 1-5). */
const ATC_LEVEL: Record<number, number> = { 1: 1, 3: 2, 4: 3, 5: 4, 7: 5 };
const ATC_PARENT_LENGTH: Record<number, number> = { 3: 1, 4: 3, 5: 4, 7: 5 };

export function atcLevel(code: string): number | null {
  return ATC_LEVEL[code.length] ?? null;
}

export function atcParent(code: string): string | null {
  const length = ATC_PARENT_LENGTH[code.length];
  return length ? code.slice(0, length) : null;
}

/** Shortage report types, whatever spelling the file uses. */
export function shortageType(raw: string | undefined): string | null {
  const folded = foldText(raw ?? '');
  if (!folded) return null;
  if (folded === 'p' || folded.startsWith('preruseni') || folded.startsWith('omezeni')) return 'interruption';
  if (folded === 'u' || folded.startsWith('ukonceni')) return 'termination';
  if (folded === 'o' || folded.startsWith('obnoveni')) return 'resumption';
  return folded;
}

export function createSinks(db: Database.Database, setMeta: (key: string, value: string) => void): Record<Exclude<FileKind, 'parsed_only'>, Sink> {
  const run = (sql: string) => db.prepare(sql);
  const products = run(`INSERT OR REPLACE INTO products (kod_sukl, name, name_folded, strength, form, package, supplement, route, atc,
    reg_state, dispensing, supplies, product_type, reg_number, mrp_number, holder, holder_country, current_holder,
    current_holder_country, valid_until, parallel_import, is_flag, extra)
    VALUES (@kod_sukl, @name, @name_folded, @strength, @form, @package, @supplement, @route, @atc, @reg_state, @dispensing,
    @supplies, @product_type, @reg_number, @mrp_number, @holder, @holder_country, @current_holder, @current_holder_country,
    @valid_until, @parallel_import, @is_flag, @extra)`);
  const composition = run('INSERT INTO composition (kod_sukl, kod_latky, seq, flag, amount_from, amount, unit) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const substances = run('INSERT OR REPLACE INTO substances (kod_latky, inn, name_en, name) VALUES (?, ?, ?, ?)');
  const atc = run('INSERT OR REPLACE INTO atc (code, parent, level, name, name_en, nt) VALUES (?, ?, ?, ?, ?, ?)');
  const orgs = run('INSERT OR REPLACE INTO organizations (code, country, name, manufacturer, holder) VALUES (?, ?, ?, ?, ?)');
  const codes = run('INSERT OR REPLACE INTO codes (list, code, name, name_en) VALUES (?, ?, ?, ?)');
  const codesClear = run('DELETE FROM codes WHERE list = ?');
  const documents = run('INSERT OR REPLACE INTO documents (kod_sukl, pil, pil_date, spc, spc_date) VALUES (?, ?, ?, ?, ?)');
  const pharmacies = run(`INSERT OR REPLACE INTO pharmacies (code, pharmacy_code, name, city, city_folded, street, postal_code, www, email,
    phone, e_prescription, type, mail_order, emergency, pharmacist) VALUES (@code, @pharmacy_code, @name, @city, @city_folded,
    @street, @postal_code, @www, @email, @phone, @e_prescription, @type, @mail_order, @emergency, @pharmacist)`);
  const hours = run('INSERT INTO pharmacy_hours (code, day, opens, closes) VALUES (?, ?, ?, ?)');
  const reimbursement = run(`INSERT INTO reimbursement (kod_sukl, name, supplement, atc, producer_price, max_pharmacy_price,
    reimbursement, max_copay, counted_copay, prescription_limit, indication_limit, valid_from, raw)
    VALUES (@kod_sukl, @name, @supplement, @atc, @producer_price, @max_pharmacy_price, @reimbursement, @max_copay,
    @counted_copay, @prescription_limit, @indication_limit, @valid_from, @raw)`);
  const shortages = run('INSERT INTO shortages (kod_sukl, type, reported, date_from, date_to, reason, raw) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const wipe = (...tables: string[]) => () => { for (const t of tables) db.exec(`DELETE FROM ${t}`); };

  return {
    products: {
      clear: wipe('products'),
      insert: (f) => {
        const extra = Object.fromEntries(PRODUCT_EXTRA_COLUMNS.filter((c) => f[c]?.trim()).map((c) => [c, f[c]!.trim()]));
        products.run({
          kod_sukl: normalizeSuklCode(f.KOD_SUKL ?? ''), name: f.NAZEV!.trim(), name_folded: foldText(f.NAZEV ?? ''),
          strength: orNull(f.SILA), form: orNull(f.FORMA), package: orNull(f.BALENI), supplement: orNull(f.DOPLNEK),
          route: orNull(f.CESTA), atc: f.ATC_WHO ? normalizeAtc(f.ATC_WHO) || null : null, reg_state: orNull(f.REG),
          dispensing: orNull(f.VYDEJ), supplies: orNull(f.DODAVKY), product_type: orNull(f.TYP_LP), reg_number: orNull(f.RC),
          mrp_number: orNull(f.MRP_CISLO), holder: orNull(f.DRZ), holder_country: orNull(f.ZEMDRZ), current_holder: orNull(f.AKT_DRZ),
          current_holder_country: orNull(f.AKT_ZEM), valid_until: parseCzechDate(f.V_PLATDO), parallel_import: orNull(f.SDOV),
          is_flag: orNull(f.IS_), extra: JSON.stringify(extra),
        });
      },
    },
    composition: {
      clear: wipe('composition'),
      insert: (f) => { composition.run(normalizeSuklCode(f.KOD_SUKL ?? ''), f.KOD_LATKY!.trim(), orNull(f.SQ), orNull(f.S), orNull(f.AMNT_OD), orNull(f.AMNT), orNull(f.UN)); },
    },
    substances: {
      clear: wipe('substances'),
      insert: (f) => { substances.run(f.KOD_LATKY!.trim(), orNull(f.NAZEV_INN), orNull(f.NAZEV_EN), orNull(f.NAZEV)); },
    },
    atc: {
      clear: wipe('atc'),
      insert: (f) => {
        const code = normalizeAtc(f.ATC ?? '');
        if (code) atc.run(code, atcParent(code), atcLevel(code) ?? 0, f.NAZEV!.trim(), orNull(f.NAZEV_EN), orNull(f.NT));
      },
    },
    organizations: {
      clear: wipe('organizations'),
      insert: (f) => { orgs.run(f.ZKR_ORG!.trim(), f.ZEM!.trim(), f.NAZEV!.trim(), orNull(f.VYROBCE), orNull(f.DRZITEL)); },
    },
    codes: {
      clear: (spec) => { codesClear.run(spec.list); },
      insert: (f, spec) => { if (f.CODE?.trim()) codes.run(spec.list, f.CODE.trim(), f.NAME?.trim() ?? '', orNull(f.NAME_EN)); },
    },
    documents: {
      clear: wipe('documents'),
      insert: (f) => { documents.run(normalizeSuklCode(f.KOD_SUKL ?? ''), orNull(f.PIL), parseCzechDate(f.DAT_ROZ_PIL), orNull(f.SPC), parseCzechDate(f.DAT_ROZ_SPC)); },
    },
    validity: {
      clear: () => {},
      insert: (f) => {
        setMeta('valid_from', parseCzechDate(f.PLATNOST_OD) ?? f.PLATNOST_OD ?? '');
        setMeta('valid_to', parseCzechDate(f.PLATNOST_DO) ?? f.PLATNOST_DO ?? '');
      },
    },
    pharmacies: {
      clear: wipe('pharmacies'),
      insert: (f) => {
        const pharmacist = [f.LEKARNIK_TITUL, f.LEKARNIK_JMENO, f.LEKARNIK_PRIJMENI].map((x) => x?.trim()).filter(Boolean).join(' ');
        pharmacies.run({
          code: f.KOD_PRACOVISTE!.trim(), pharmacy_code: orNull(f.KOD_LEKARNY), name: f.NAZEV!.trim(), city: f.MESTO!.trim(),
          city_folded: foldText(f.MESTO ?? ''), street: orNull(f.ULICE), postal_code: f.PSC ? normalizePostalCode(f.PSC) || null : null,
          www: orNull(f.WWW), email: orNull(f.EMAIL), phone: orNull(f.TELEFON), e_prescription: f.ERP?.trim() === '1' ? 1 : 0,
          type: orNull(f.TYP_LEKARNY), mail_order: foldText(f.ZASILKOVY_PRODEJ ?? '') === 'ano' ? 1 : 0,
          emergency: foldText(f.POHOTOVOST ?? '') === 'ano' ? 1 : 0, pharmacist: pharmacist || null,
        });
      },
    },
    pharmacy_hours: {
      clear: wipe('pharmacy_hours'),
      insert: (f) => { hours.run(f.KOD_PRACOVISTE!.trim(), f.DEN!.trim().toUpperCase(), orNull(f.OD), orNull(f.DO)); },
    },
    reimbursement: {
      clear: wipe('reimbursement'),
      insert: (f) => {
        reimbursement.run({
          kod_sukl: normalizeSuklCode(f.KOD_SUKL ?? ''), name: orNull(f.NAZEV), supplement: orNull(f.DOPLNEK),
          atc: f.ATC ? normalizeAtc(f.ATC) || null : null, producer_price: parseDecimal(f.CENA_PUV),
          max_pharmacy_price: parseDecimal(f.MAX_CENA_LEK), reimbursement: parseDecimal(f.UHR1), max_copay: parseDecimal(f.DOPLATEK),
          counted_copay: parseDecimal(f.ZAPDOPL), prescription_limit: orNull(f.OMEZ_PRESK), indication_limit: orNull(f.IND_OMEZ),
          valid_from: parseCzechDate(f.DAT_PLAT) ?? orNull(f.DAT_PLAT), raw: JSON.stringify(f),
        });
      },
    },
    shortages: {
      clear: wipe('shortages'),
      insert: (f) => {
        shortages.run(normalizeSuklCode(f.KOD_SUKL ?? ''), shortageType(f.TYP_HLASENI), parseCzechDate(f.DATUM_HLASENI),
          parseCzechDate(f.DATUM_OD), parseCzechDate(f.DATUM_DO), orNull(f.DUVOD), JSON.stringify(f));
      },
    },
  };
}

/**
 * Rebuilds the product search text from products, active substances (flag L/O or unstated;
 * excipients would make "laktosa" find half the registry), holders and ATC names.
 */
export function rebuildProductSearch(db: Database.Database): void {
  db.exec('DELETE FROM products_fts');
  db.exec(`
    INSERT INTO products_fts (rowid, name, substances, holder, atc_name, code, form)
    SELECT p.id, p.name || ' ' || coalesce(p.supplement, '') || ' ' || coalesce(p.strength, ''),
      coalesce((SELECT group_concat(coalesce(s.name, '') || ' ' || coalesce(s.inn, '') || ' ' || coalesce(s.name_en, ''), ' ')
                FROM composition c JOIN substances s ON s.kod_latky = c.kod_latky
                WHERE c.kod_sukl = p.kod_sukl AND coalesce(c.flag, '') IN ('', 'L', 'O')), ''),
      coalesce((SELECT o.name FROM organizations o WHERE o.code = p.holder AND o.country = p.holder_country), coalesce(p.holder, '')),
      coalesce((SELECT a.name || ' ' || coalesce(a.name_en, '') FROM atc a WHERE a.code = p.atc), '') || ' ' || coalesce(p.atc, ''),
      p.kod_sukl || ' ' || ltrim(p.kod_sukl, '0') || ' ' || coalesce(p.reg_number, ''),
      coalesce((SELECT f.name FROM codes f WHERE f.list = 'dlp_formy' AND f.code = p.form), coalesce(p.form, '')) || ' ' ||
      coalesce((SELECT r.name FROM codes r WHERE r.list = 'dlp_cesty' AND r.code = p.route), '')
    FROM products p`);
}
