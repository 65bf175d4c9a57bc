/**
 * @module medicines/statements
 * Every read the medicines tools make, prepared once when the database opens.
 * User text reaches SQLite only as bound parameters; FTS5 MATCH strings are
 * built by medicines/fts-query.ts from folded words, never passed through.
 */
import type Database from 'better-sqlite3';

export interface ProductRow {
  id: number; kod_sukl: string; name: string; name_folded: string; strength: string | null; form: string | null;
  package: string | null; supplement: string | null; route: string | null; atc: string | null; reg_state: string | null;
  dispensing: string | null; supplies: string | null; product_type: string | null; reg_number: string | null;
  mrp_number: string | null; holder: string | null; holder_country: string | null; current_holder: string | null;
  current_holder_country: string | null; valid_until: string | null; parallel_import: string | null; is_flag: string | null;
  extra: string;
}
export interface AtcRow { code: string; parent: string | null; level: number; name: string; name_en: string | null; nt: string | null }
export interface PharmacyRow {
  code: string; pharmacy_code: string | null; name: string; city: string; street: string | null; postal_code: string | null;
  www: string | null; email: string | null; phone: string | null; e_prescription: number; type: string | null;
  mail_order: number; emergency: number; pharmacist: string | null;
}
export interface ShortageRow { kod_sukl: string; type: string | null; reported: string | null; date_from: string | null; date_to: string | null; reason: string | null }
export interface ReimbursementRow {
  kod_sukl: string; name: string | null; supplement: string | null; atc: string | null; producer_price: number | null;
  max_pharmacy_price: number | null; reimbursement: number | null; max_copay: number | null; counted_copay: number | null;
  prescription_limit: string | null; indication_limit: string | null; valid_from: string | null; raw: string;
}
export interface CompositionRow { kod_latky: string; seq: string | null; flag: string | null; amount: string | null; unit: string | null; inn: string | null; name: string | null; name_en: string | null }
export interface DocumentRow { kod_sukl: string; pil: string | null; pil_date: string | null; spc: string | null; spc_date: string | null }
export interface SectionRow { id: number; section: number; title: string; body: string }

export function prepareMedicineStatements(db: Database.Database) {
  const s = <P extends unknown[] | object, R>(sql: string) => db.prepare<P, R>(sql);
  return {
    metaGet: s<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
    hasRows: {
      products: s<[], { n: number }>('SELECT EXISTS(SELECT 1 FROM products) AS n'),
      pharmacies: s<[], { n: number }>('SELECT EXISTS(SELECT 1 FROM pharmacies) AS n'),
      atc: s<[], { n: number }>('SELECT EXISTS(SELECT 1 FROM atc) AS n'),
      reimbursement: s<[], { n: number }>('SELECT EXISTS(SELECT 1 FROM reimbursement) AS n'),
      shortages: s<[], { n: number }>('SELECT EXISTS(SELECT 1 FROM shortages) AS n'),
      documents: s<[], { n: number }>('SELECT EXISTS(SELECT 1 FROM documents) AS n'),
    },
    productByCode: s<[string], ProductRow>('SELECT * FROM products WHERE kod_sukl = ?'),
    searchCount: s<{ match: string }, { n: number }>('SELECT count(*) AS n FROM products_fts WHERE products_fts MATCH @match'),
    searchPage: s<{ match: string; folded: string; prefix: string; limit: number; offset: number }, ProductRow & { score: number }>(`
      SELECT p.*, bm25(products_fts, 10.0, 4.0, 2.0, 3.0, 10.0, 1.0) AS score
      FROM products_fts JOIN products p ON p.id = products_fts.rowid
      WHERE products_fts MATCH @match
      ORDER BY (p.name_folded = @folded) DESC, (substr(p.name_folded, 1, length(@prefix)) = @prefix) DESC,
               score, p.name, p.kod_sukl
      LIMIT @limit OFFSET @offset`),
    vocabulary: s<[], { term: string; doc: number }>('SELECT term, doc FROM products_vocab'),
    codeName: s<[string, string], { name: string; name_en: string | null }>('SELECT name, name_en FROM codes WHERE list = ? AND code = ?'),
    organization: s<[string, string], { name: string }>('SELECT name FROM organizations WHERE code = ? AND country = ?'),
    organizationAnyCountry: s<[string], { name: string }>('SELECT name FROM organizations WHERE code = ? ORDER BY country LIMIT 1'),
    composition: s<[string], CompositionRow>(`
      SELECT c.kod_latky, c.seq, c.flag, c.amount, c.unit, s.inn, s.name, s.name_en
      FROM composition c LEFT JOIN substances s ON s.kod_latky = c.kod_latky
      WHERE c.kod_sukl = ? ORDER BY CAST(c.seq AS INTEGER), c.kod_latky`),
    atcByCode: s<[string], AtcRow>('SELECT * FROM atc WHERE code = ?'),
    atcChildren: s<[string], AtcRow>('SELECT * FROM atc WHERE parent = ? ORDER BY code'),
    atcProductCount: s<{ prefix: string }, { n: number }>("SELECT count(*) AS n FROM products WHERE atc LIKE @prefix || '%'"),
    atcProducts: s<{ prefix: string; limit: number }, ProductRow>("SELECT * FROM products WHERE atc LIKE @prefix || '%' ORDER BY name, kod_sukl LIMIT @limit"),
    documents: s<[string], DocumentRow>('SELECT * FROM documents WHERE kod_sukl = ?'),
    documentSections: s<[string], SectionRow>('SELECT id, section, title, body FROM document_text WHERE file = ? ORDER BY section'),
    documentSearch: s<{ file: string; match: string }, { id: number }>(`
      SELECT t.id FROM document_fts JOIN document_text t ON t.id = document_fts.rowid
      WHERE document_fts MATCH @match AND t.file = @file ORDER BY bm25(document_fts)`),
    documentInsert: s<[string, number, string, string], unknown>('INSERT INTO document_text (file, section, title, body) VALUES (?, ?, ?, ?)'),
    documentFtsInsert: s<[number, string, string], unknown>('INSERT INTO document_fts (rowid, title, body) VALUES (?, ?, ?)'),
    pharmacyCount: s<PharmacyFilter, { n: number }>(PHARMACY_WHERE.replace('SELECT_LIST', 'count(*) AS n')),
    pharmacyPage: s<PharmacyFilter & { limit: number }, PharmacyRow>(`${PHARMACY_WHERE.replace('SELECT_LIST', '*')} ORDER BY city_folded, name, code LIMIT @limit`),
    pharmacyHours: s<[string], { day: string; opens: string | null; closes: string | null }>('SELECT day, opens, closes FROM pharmacy_hours WHERE code = ? ORDER BY rowid'),
    reimbursement: s<[string], ReimbursementRow>('SELECT * FROM reimbursement WHERE kod_sukl = ? ORDER BY rowid'),
    shortages: s<[string], ShortageRow>('SELECT kod_sukl, type, reported, date_from, date_to, reason FROM shortages WHERE kod_sukl = ? ORDER BY coalesce(date_from, reported) DESC, id DESC'),
  };
}

export interface PharmacyFilter { city: string | null; city_prefix: string | null; postal: string | null; emergency: number | null }

/** Optional filters in one statement: a NULL parameter switches its condition off. */
const PHARMACY_WHERE = `
  SELECT SELECT_LIST FROM pharmacies
  WHERE (@city IS NULL OR city_folded = @city OR substr(city_folded, 1, length(@city_prefix)) = @city_prefix)
    AND (@postal IS NULL OR postal_code = @postal)
    AND (@emergency IS NULL OR emergency = @emergency)`;

export type MedicineStatements = ReturnType<typeof prepareMedicineStatements>;
