/**
 * @module medicines/store
 * The medicines database, ROOT/.quarry/medicines.db, beside the code index
 * but separate from it (its own migrations, its own lifetime: it changes only
 * when `quarry medicines import` runs). Opened like the index
 * (store/open-database: WAL, so a running server keeps answering from the
 * previous data while an import writes the next).
 */
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { catalogueError, type QuarryError } from '../contracts/errors.js';
import type { Locale } from '../contracts/messages/index.js';
import { applyMigrations, openDatabase } from '../store/open-database.js';
import { MEDICINES_MIGRATIONS, MEDICINES_SCHEMA_VERSION } from './schema.js';
import { prepareMedicineStatements, type MedicineStatements } from './statements.js';

export function defaultMedicinesPath(root: string): string {
  return path.join(root, '.quarry', 'medicines.db');
}

/** What the answers cite: the data set's validity and the source SÚKL's terms require us to name. */
export interface DataSetInfo {
  valid_from: string | null;
  valid_to: string | null;
  imported_at: string | null;
  source: string;
}

export const SUKL_SOURCE = 'SÚKL open data, https://opendata.sukl.cz (not an official SÚKL publication)';

export class MedicinesStore {
  readonly statements: MedicineStatements;
  private vocabularyCache: { version: string; terms: string[] } | null = null;

  private constructor(readonly db: Database.Database, readonly file: string, readonly root: string) {
    this.statements = prepareMedicineStatements(db);
  }

  /** Opens the database; without `create`, a missing file is the "not imported" error. */
  static open(file: string, options: { root: string; create?: boolean; locale?: Locale }): MedicinesStore {
    if (!options.create && !fs.existsSync(file)) throw notImported(options.root, options.locale);
    if (options.create) fs.mkdirSync(path.dirname(file), { recursive: true });
    const db = openDatabase(file);
    try {
      migrate(db, file);
      return new MedicinesStore(db, file, options.root);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  meta(key: string): string | null {
    return this.statements.metaGet.get(key)?.value ?? null;
  }

  dataSet(): DataSetInfo {
    return { valid_from: this.meta('valid_from'), valid_to: this.meta('valid_to'), imported_at: this.meta('imported_at'), source: SUKL_SOURCE };
  }

  /** Fails with a how-to-import error unless the products were imported. */
  requireProducts(locale: Locale): void {
    if (!this.statements.hasRows.products.get()?.n) throw notImported(this.root, locale);
  }

  /** Fails unless a part of the data set (pharmacies, reimbursement, ...) was imported. */
  requirePart(part: keyof MedicineStatements['hasRows'], locale: Locale): void {
    if (this.statements.hasRows[part].get()?.n) return;
    const { label, file } = PARTS[part];
    throw catalogueError('INDEX_MISSING', { key: 'medicines.part_not_imported', params: { part: label[locale === 'cs' ? 'cs' : 'en'], file, root: this.root } }, locale, { part });
  }

  hasPart(part: keyof MedicineStatements['hasRows']): boolean {
    return Boolean(this.statements.hasRows[part].get()?.n);
  }

  /** Distinct words of the searchable product text, reloaded after each import. */
  vocabulary(): string[] {
    const version = this.meta('imported_at') ?? '';
    if (this.vocabularyCache?.version !== version) {
      this.vocabularyCache = { version, terms: this.statements.vocabulary.all().map((r) => r.term) };
    }
    return this.vocabularyCache.terms;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

const PARTS: Record<keyof MedicineStatements['hasRows'], { label: { cs: string; en: string }; file: string }> = {
  products: { label: { cs: 'léčivé přípravky', en: 'medicinal products' }, file: 'DLP.zip' },
  pharmacies: { label: { cs: 'lékárny', en: 'pharmacies' }, file: 'LEKARNY.zip' },
  atc: { label: { cs: 'skupiny ATC', en: 'ATC groups' }, file: 'DLP.zip' },
  reimbursement: { label: { cs: 'ceny a úhrady (SCAU)', en: 'prices and reimbursements (SCAU)' }, file: 'SCAU.txt' },
  shortages: { label: { cs: 'hlášení o výpadcích', en: 'shortage reports' }, file: 'mr_hlaseni.csv' },
  documents: { label: { cs: 'názvy dokumentů PIL/SPC', en: 'PIL/SPC document names' }, file: 'DLP.zip' },
};

export function notImported(root: string, locale: Locale = 'cs'): QuarryError {
  return catalogueError('INDEX_MISSING', { key: 'medicines.not_imported', params: { root } }, locale, { root });
}

function migrate(db: Database.Database, file: string): void {
  const current = Number(db.pragma('user_version', { simple: true }));
  if (current > MEDICINES_SCHEMA_VERSION) {
    throw catalogueError('UNAVAILABLE', { key: 'medicines.db_newer_schema', params: { file, found: current, supported: MEDICINES_SCHEMA_VERSION } });
  }
  applyMigrations(db, MEDICINES_MIGRATIONS);
}
