/**
 * @module medicines/schema
 * Migrations of the medicines database (ROOT/.quarry/medicines.db), separate
 * from the code index: `PRAGMA user_version` counts the migrations applied.
 *
 * Column names are English; the SÚKL column each one comes from is named in
 * medicines/file-specs.ts. `products_fts` holds the searchable text of every
 * product (name, substances, holder, ATC name, code, form and route names); its unicode61 tokenizer
 * with remove_diacritics 2 makes "paralén" and "Paralen" one word, and the
 * fts5vocab table over it is the vocabulary that typo correction draws from.
 */

export const MEDICINES_MIGRATIONS: readonly string[] = [
  /* 1: the registry */ `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

  CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    kod_sukl TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    name_folded TEXT NOT NULL,
    strength TEXT, form TEXT, package TEXT, supplement TEXT, route TEXT, atc TEXT,
    reg_state TEXT, dispensing TEXT, supplies TEXT, product_type TEXT,
    reg_number TEXT, mrp_number TEXT, holder TEXT, holder_country TEXT,
    current_holder TEXT, current_holder_country TEXT, valid_until TEXT,
    parallel_import TEXT, is_flag TEXT,
    extra TEXT NOT NULL DEFAULT '{}'
  );
  CREATE INDEX products_atc ON products(atc);

  CREATE TABLE composition (
    kod_sukl TEXT NOT NULL, kod_latky TEXT NOT NULL, seq TEXT, flag TEXT,
    amount_from TEXT, amount TEXT, unit TEXT
  );
  CREATE INDEX composition_product ON composition(kod_sukl);

  CREATE TABLE substances (
    kod_latky TEXT PRIMARY KEY, inn TEXT, name_en TEXT, name TEXT
  ) WITHOUT ROWID;

  CREATE TABLE atc (
    code TEXT PRIMARY KEY, parent TEXT, level INTEGER NOT NULL,
    name TEXT NOT NULL, name_en TEXT, nt TEXT
  ) WITHOUT ROWID;
  CREATE INDEX atc_parent ON atc(parent);

  CREATE TABLE organizations (
    code TEXT NOT NULL, country TEXT NOT NULL, name TEXT NOT NULL,
    manufacturer TEXT, holder TEXT,
    PRIMARY KEY (code, country)
  ) WITHOUT ROWID;

  CREATE TABLE codes (
    list TEXT NOT NULL, code TEXT NOT NULL, name TEXT NOT NULL, name_en TEXT,
    PRIMARY KEY (list, code)
  ) WITHOUT ROWID;

  CREATE TABLE documents (
    kod_sukl TEXT PRIMARY KEY, pil TEXT, pil_date TEXT, spc TEXT, spc_date TEXT
  ) WITHOUT ROWID;

  CREATE TABLE document_text (
    id INTEGER PRIMARY KEY, file TEXT NOT NULL, section INTEGER NOT NULL,
    title TEXT NOT NULL, body TEXT NOT NULL
  );
  CREATE INDEX document_text_file ON document_text(file, section);
  CREATE VIRTUAL TABLE document_fts USING fts5(
    title, body, content = 'document_text', content_rowid = 'id',
    tokenize = "unicode61 remove_diacritics 2"
  );

  CREATE TABLE pharmacies (
    code TEXT PRIMARY KEY, pharmacy_code TEXT, name TEXT NOT NULL, city TEXT NOT NULL,
    city_folded TEXT NOT NULL, street TEXT, postal_code TEXT, www TEXT, email TEXT,
    phone TEXT, e_prescription INTEGER NOT NULL, type TEXT, mail_order INTEGER NOT NULL,
    emergency INTEGER NOT NULL, pharmacist TEXT
  ) WITHOUT ROWID;
  CREATE INDEX pharmacies_city ON pharmacies(city_folded);
  CREATE INDEX pharmacies_postal ON pharmacies(postal_code);

  CREATE TABLE pharmacy_hours (code TEXT NOT NULL, day TEXT NOT NULL, opens TEXT, closes TEXT);
  CREATE INDEX pharmacy_hours_code ON pharmacy_hours(code);

  CREATE TABLE reimbursement (
    kod_sukl TEXT NOT NULL, name TEXT, supplement TEXT, atc TEXT,
    producer_price REAL, max_pharmacy_price REAL, reimbursement REAL, max_copay REAL,
    counted_copay REAL, prescription_limit TEXT, indication_limit TEXT, valid_from TEXT,
    raw TEXT NOT NULL
  );
  CREATE INDEX reimbursement_product ON reimbursement(kod_sukl);

  CREATE TABLE shortages (
    id INTEGER PRIMARY KEY, kod_sukl TEXT NOT NULL, type TEXT, reported TEXT,
    date_from TEXT, date_to TEXT, reason TEXT, raw TEXT NOT NULL
  );
  CREATE INDEX shortages_product ON shortages(kod_sukl);

  CREATE VIRTUAL TABLE products_fts USING fts5(
    name, substances, holder, atc_name, code, form,
    tokenize = "unicode61 remove_diacritics 2"
  );
  CREATE VIRTUAL TABLE products_vocab USING fts5vocab(products_fts, 'row');
  `,
  /* 2: one row per (file, section), so two fetches of one document cannot store it twice */ `
  DELETE FROM document_text WHERE id NOT IN (SELECT min(id) FROM document_text GROUP BY file, section);
  DROP INDEX document_text_file;
  CREATE UNIQUE INDEX document_text_file ON document_text(file, section);
  INSERT INTO document_fts(document_fts) VALUES ('rebuild');
  `,
];

export const MEDICINES_SCHEMA_VERSION = MEDICINES_MIGRATIONS.length;
