/**
 * @module medicines/file-specs
 * Which SÚKL files the importer recognises (by base name, case-insensitive),
 * the table each one feeds, and its columns by header name. A field lists the
 * header names it accepts: SÚKL's own column name first, then aliases (SCAU
 * and shortage reports have had differently named columns over the years).
 * A missing required field fails the import; a missing optional one or an
 * unknown column is reported, never silently guessed.
 */

export type FileKind =
  | 'products' | 'composition' | 'documents' | 'atc' | 'organizations' | 'substances'
  | 'codes' | 'validity' | 'pharmacies' | 'pharmacy_hours' | 'reimbursement' | 'shortages' | 'parsed_only';

export interface FileSpec {
  kind: FileKind;
  /** For code lists: the list name kept in `codes.list`. */
  list?: string;
  /** Logical field -> accepted header names (first = the SÚKL name). */
  fields: Record<string, readonly string[]>;
  required: readonly string[];
  /** `|` for SCAU, otherwise `;`; null = sniff from the header line. */
  delimiter: string | null;
}

const same = (...names: string[]): Record<string, readonly string[]> => Object.fromEntries(names.map((n) => [n, [n]]));

/** The product table's columns: those named in the issue, then further DLP columns known to exist. */
export const PRODUCT_COLUMNS = [
  'KOD_SUKL', 'NAZEV', 'SILA', 'FORMA', 'BALENI', 'DOPLNEK', 'CESTA', 'ATC_WHO', 'REG', 'VYDEJ', 'DODAVKY',
  'TYP_LP', 'RC', 'MRP_CISLO', 'DRZ', 'ZEMDRZ', 'AKT_DRZ', 'AKT_ZEM', 'V_PLATDO', 'SDOV', 'IS_',
] as const;
/** Other DLP product columns: stored in `products.extra` as they are, without interpretation. */
export const PRODUCT_EXTRA_COLUMNS = [
  'H', 'OBAL', 'NEOMEZ', 'UVADENIDO', 'SDOV_DOV', 'SDOV_ZEM', 'REG_PROC', 'DDDAMNT_WHO', 'DDDUN_WHO', 'DDDP_WHO',
  'ZDROJ_WHO', 'SL', 'DOPING', 'NARVLA', 'EAN', 'BRAILLOVO_PISMO', 'EXP', 'EXP_T', 'NAZEV_REG', 'PRAVNI_ZAKLAD',
  'OCHRANNY_PRVEK', 'ZAV', 'LEGIS_STATUS',
] as const;

const CODE_LISTS: Record<string, { code: string; name?: string }> = {
  dlp_cesty: { code: 'CESTA' }, dlp_formy: { code: 'FORMA' }, dlp_vydej: { code: 'VYDEJ' },
  dlp_stavyreg: { code: 'REG' }, dlp_typlp: { code: 'TYP_LP' }, dlp_regproc: { code: 'REG_PROC' },
  dlp_zeme: { code: 'ZEM' }, dlp_obaly: { code: 'OBAL' }, dlp_jednotky: { code: 'UN' },
  dlp_doping: { code: 'DOPING' }, dlp_indikacniskupiny: { code: 'INDSK' }, dlp_zavislost: { code: 'ZAV', name: 'NAZEV_CS' },
  dlp_narvla: { code: 'NARVLA' }, dlp_pravnizakladreg: { code: 'KOD' }, dlp_zdroje: { code: 'ZDROJ' },
  dlp_slozenipriznak: { code: 'S', name: 'VYZNAM' }, lekarny_typ: { code: 'TYP_LEKARNY' },
};

const SPECS: Record<string, FileSpec> = {
  dlp_lecivepripravky: {
    kind: 'products', delimiter: ';', required: ['KOD_SUKL', 'NAZEV'],
    fields: same(...PRODUCT_COLUMNS, ...PRODUCT_EXTRA_COLUMNS),
  },
  dlp_slozeni: { kind: 'composition', delimiter: ';', required: ['KOD_SUKL', 'KOD_LATKY'], fields: same('KOD_SUKL', 'KOD_LATKY', 'SQ', 'S', 'AMNT_OD', 'AMNT', 'UN') },
  dlp_nazvydokumentu: {
    kind: 'documents', delimiter: ';', required: ['KOD_SUKL'],
    fields: same('KOD_SUKL', 'PIL', 'DAT_ROZ_PIL', 'SPC', 'DAT_ROZ_SPC', 'OBAL_TEXT', 'DAT_ROZ_OBAL', 'NR', 'DAT_NPM_NR'),
  },
  dlp_atc: { kind: 'atc', delimiter: ';', required: ['ATC', 'NAZEV'], fields: same('ATC', 'NT', 'NAZEV', 'NAZEV_EN') },
  dlp_organizace: { kind: 'organizations', delimiter: ';', required: ['ZKR_ORG', 'ZEM', 'NAZEV'], fields: same('ZKR_ORG', 'ZEM', 'NAZEV', 'VYROBCE', 'DRZITEL') },
  dlp_lecivelatky: { kind: 'substances', delimiter: ';', required: ['KOD_LATKY', 'NAZEV'], fields: same('KOD_LATKY', 'NAZEV_INN', 'NAZEV_EN', 'NAZEV', 'ZAV') },
  dlp_latky: { kind: 'substances', delimiter: ';', required: ['KOD_LATKY', 'NAZEV'], fields: same('KOD_LATKY', 'ZDROJ', 'NAZEV_INN', 'NAZEV_EN', 'NAZEV', 'ZAV', 'DOP', 'NARVLA') },
  dlp_platnost: { kind: 'validity', delimiter: ';', required: ['PLATNOST_OD', 'PLATNOST_DO'], fields: same('PLATNOST_OD', 'PLATNOST_DO') },
  lekarny_seznam: {
    kind: 'pharmacies', delimiter: ';', required: ['KOD_PRACOVISTE', 'NAZEV', 'MESTO'],
    fields: same('NAZEV', 'KOD_PRACOVISTE', 'KOD_LEKARNY', 'ICZ', 'ICO', 'MESTO', 'ULICE', 'PSC', 'LEKARNIK_PRIJMENI', 'LEKARNIK_JMENO',
      'LEKARNIK_TITUL', 'WWW', 'EMAIL', 'TELEFON', 'FAX', 'ERP', 'TYP_LEKARNY', 'ZASILKOVY_PRODEJ', 'POHOTOVOST'),
  },
  lekarny_prac_doba: { kind: 'pharmacy_hours', delimiter: ';', required: ['KOD_PRACOVISTE', 'DEN', 'OD', 'DO'], fields: same('KOD_PRACOVISTE', 'DEN', 'OD', 'DO') },
  // Read and checked, not used by the tools (yet): counted in the import report.
  dlp_dopinglp: { kind: 'parsed_only', delimiter: ';', required: ['KOD_SUKL'], fields: same('KOD_SUKL', 'KOD_DOPING') },
  dlp_soli: { kind: 'parsed_only', delimiter: ';', required: ['KOD_LATKY'], fields: same('KOD_LATKY', 'KOD_SOLI') },
  dlp_splp: {
    kind: 'parsed_only', delimiter: ';', required: ['KOD_SUKL'],
    fields: same('KOD_SUKL', 'DATOD', 'DATDO', 'POVOL_BALENI', 'UCEL', 'PRACOVISTE', 'DISTRIBUTOR', 'POZNAMKA', 'PREDKLADATEL', 'VYROBCE'),
  },
  dlp_zruseneregistrace: {
    kind: 'parsed_only', delimiter: ';', required: ['NAZEV'],
    fields: same('NAZEV', 'CESTA', 'FORMA', 'SILA', 'REGISTRACNI_CISLO', 'SOUBEZNY_DOVOZ', 'MRP_CISLO', 'TYP_REGISTRACE',
      'PRAVNI_ZAKLAD_REGISTRACE', 'DRZITEL', 'ZEME_DRZITELE', 'KONEC_PLATNOSTI_REGISTRACE', 'STAV_REGISTRACE'),
  },
};
for (const [file, { code, name }] of Object.entries(CODE_LISTS)) {
  SPECS[file] = { kind: 'codes', list: file, delimiter: ';', required: ['CODE', 'NAME'], fields: { CODE: [code], NAME: [name ?? 'NAZEV'], NAME_EN: ['NAZEV_EN'] } };
}

/**
 * SCAU (Seznam cen a úhrad LP, `|`-separated). SÚKL's published structure could
 * not be fetched while this was written: the names below are the columns as we
 * know them from SÚKL's SCAU documentation, with aliases; see docs/medicines.md
 * for the mapping and its status.
 */
export const SCAU_SPEC: FileSpec = {
  kind: 'reimbursement', delimiter: null, required: ['KOD_SUKL'],
  fields: {
    KOD_SUKL: ['KOD_SUKL', 'KOD'],
    NAZEV: ['NAZEV'],
    DOPLNEK: ['DOPLNEK'],
    ATC: ['ATC', 'ATC_WHO'],
    CENA_PUV: ['CENA_PUV', 'MAX_CENA_VYROBCE', 'CENA_VYROBCE'],
    MAX_CENA_LEK: ['MAX_CENA_LEK', 'MAX_CENA_LEKARNA', 'CENA_LEKARNA'],
    UHR1: ['UHR1', 'UHRADA', 'UHRADA_ZP'],
    DOPLATEK: ['DOPLATEK', 'MAX_DOPLATEK', 'DOPL'],
    ZAPDOPL: ['ZAPDOPL', 'ZAPOCITATELNY_DOPLATEK'],
    OMEZ_PRESK: ['OMEZ_PRESK', 'OMEZENI_PRESKRIPCE', 'OME'],
    IND_OMEZ: ['IND_OMEZ', 'INDIKACNI_OMEZENI'],
    DAT_PLAT: ['DAT_PLAT', 'PLATNOST_OD', 'PLATNOST'],
  },
};

/** Shortage reports (mr_hlaseni.csv: reports of interrupted/ended supply). */
export const SHORTAGE_SPEC: FileSpec = {
  kind: 'shortages', delimiter: null, required: ['KOD_SUKL'],
  fields: {
    KOD_SUKL: ['KOD_SUKL'],
    NAZEV: ['NAZEV'],
    TYP_HLASENI: ['TYP_HLASENI', 'TYP', 'DRUH_HLASENI'],
    DATUM_HLASENI: ['DATUM_HLASENI'],
    DATUM_OD: ['DATUM_OD', 'DATUM_PRERUSENI', 'PLATNOST_OD'],
    DATUM_DO: ['DATUM_DO', 'DATUM_OBNOVENI', 'PREDPOKLADANE_OBNOVENI'],
    DUVOD: ['DUVOD', 'DUVOD_HLASENI', 'POZNAMKA'],
  },
};

/** The spec of a file by its base name, or null when it is not a SÚKL file we know. */
export function specFor(baseName: string): FileSpec | null {
  const lower = baseName.toLowerCase();
  const stem = lower.replace(/\.(csv|txt)$/, '');
  if (stem === lower) return null;
  if (SPECS[stem]) return SPECS[stem];
  if (/^(lp_?)?scau/.test(stem)) return SCAU_SPEC;
  if (/^mr_?hlaseni/.test(stem)) return SHORTAGE_SPEC;
  return null;
}

/** Which header name serves each field, plus what is unknown or missing. */
export interface ColumnMap {
  columns: Record<string, string>;
  unknown: string[];
  missingRequired: string[];
  missingOptional: string[];
}

export function mapColumns(spec: FileSpec, header: readonly string[]): ColumnMap {
  const columns: Record<string, string> = {};
  const used = new Set<string>();
  for (const [field, names] of Object.entries(spec.fields)) {
    const found = names.find((n) => header.includes(n));
    if (found) { columns[field] = found; used.add(found); }
  }
  const missing = Object.keys(spec.fields).filter((f) => !columns[f]);
  return {
    columns,
    unknown: header.filter((h) => !used.has(h)),
    missingRequired: missing.filter((f) => spec.required.includes(f)).map((f) => spec.fields[f]!.join(' or ')),
    missingOptional: optionalMissing(spec, missing).map((f) => spec.fields[f]![0]!),
  };
}

/** Optional columns worth reporting: the product columns, and any optional column elsewhere (not NAZEV_EN of code lists that never had one). */
function optionalMissing(spec: FileSpec, missing: string[]): string[] {
  if (spec.kind === 'products') return missing.filter((f) => (PRODUCT_COLUMNS as readonly string[]).includes(f));
  if (spec.kind === 'codes') return [];
  return missing.filter((f) => !spec.required.includes(f));
}
