/**
 * @module contracts/messages/medicines
 * Messages of the SÚKL medicines tools (seed 001) and their importer. The
 * `cs` texts of the validation keys are the seed's messages byte for byte;
 * the medicines tools answer in Czech unless a locale is asked for.
 */
import type { Catalogue } from './catalogue.js';

export const medicinesMessages = {
  'medicines.param_string': {
    en: "Parameter '{name}' must be a non-empty string.",
    cs: "Parametr '{name}' musí být neprázdný řetězec.",
  },
  'medicines.query_too_long': {
    en: 'The search query must not exceed {max} characters.',
    cs: 'Vyhledávací dotaz nesmí překročit {max} znaků.',
  },
  'medicines.param_string_array': {
    en: "Parameter '{name}' must be a non-empty array of strings.",
    cs: "Parametr '{name}' musí být neprázdné pole řetězců.",
  },
  'medicines.too_many_codes': {
    en: 'The maximum number of codes is {max}.',
    cs: 'Maximální počet kódů je {max}.',
  },
  'medicines.not_imported': {
    en: 'The SÚKL medicines registry is not imported under {root}. Import the open data (https://opendata.sukl.cz): quarry medicines import DLP.zip LEKARNY.zip --root {root}',
    cs: 'Registr léčiv SÚKL není v {root} importován. Importujte otevřená data (https://opendata.sukl.cz): quarry medicines import DLP.zip LEKARNY.zip --root {root}',
  },
  'medicines.part_not_imported': {
    en: 'The {part} are not imported under {root}. Import {file}: quarry medicines import {file} --root {root}',
    cs: 'Data „{part}“ nejsou v {root} importována. Importujte {file}: quarry medicines import {file} --root {root}',
  },
  'medicines.not_found': {
    en: 'No medicinal product with SÚKL code {code}.',
    cs: 'Léčivý přípravek s kódem SÚKL {code} nebyl nalezen.',
  },
  'medicines.atc_not_found': {
    en: 'No ATC group with code {code}.',
    cs: 'Skupina ATC s kódem {code} nebyla nalezena.',
  },
  'medicines.document_missing': {
    en: 'No {kind} is listed for the product {code}.',
    cs: 'Pro přípravek {code} není evidován dokument {kind}.',
  },
  'medicines.db_newer_schema': {
    en: 'The medicines database {file} has schema version {found}, newer than this Quarry ({supported}). Upgrade Quarry or import again into a new root.',
  },
  'medicines.import_path_missing': { en: 'Path to import does not exist: {path}' },
  'medicines.import_nothing': {
    en: 'No SÚKL data file recognised in {paths}. Expected DLP*.zip, LEKARNY*.zip, a folder of their CSVs (dlp_*.csv, lekarny_*.csv), SCAU*.txt/csv (reimbursement) or mr_hlaseni.csv (shortages).',
  },
  'medicines.import_missing_columns': {
    en: '{file}: missing required column(s) {missing}. Its header has: {found}.',
  },
  'medicines.import_bad_csv': { en: '{file}: not a readable CSV: {reason}' },
  'medicines.import_bad_zip': { en: '{file}: not a readable zip archive: {reason}' },
  'medicines.pdf_unreadable': { en: 'Cannot read the PDF {file}: {reason}' },
  'medicines.import_too_large': {
    en: '{file}: {size} bytes, more than the {max} bytes allowed for a {kind}; not read.',
    cs: '{file}: {size} bajtů, víc než povolených {max} bajtů pro {kind}; soubor nebyl načten.',
  },
  'medicines.import_entry_size_lie': {
    en: '{file}: the zip entry inflates to more bytes than its header declares ({declared}); the archive is damaged or crafted, not read.',
    cs: '{file}: položka archivu se rozbalí na víc bajtů, než uvádí její hlavička ({declared}); archiv je poškozený nebo podvržený, nebyl načten.',
  },
  'medicines.import_record_too_large': {
    en: '{file}: the record at line {line} is longer than {max} characters; this is not a SÚKL table.',
    cs: '{file}: záznam na řádku {line} je delší než {max} znaků; nejde o tabulku SÚKL.',
  },
  'medicines.fetch_failed': {
    en: 'Could not fetch {url} after {attempts} attempt(s): {reason}',
    cs: 'Dokument {url} se nepodařilo stáhnout ani po {attempts} pokusech: {reason}',
  },
  'medicines.fetch_too_large': {
    en: 'The document {url} is larger than {max} bytes; the download was stopped.',
    cs: 'Dokument {url} je větší než {max} bajtů; stahování bylo přerušeno.',
  },
  'medicines.fetch_redirect_refused': {
    en: 'The document {url} redirects to {target}, which is not the SÚKL host {host}; the redirect was not followed.',
    cs: 'Dokument {url} přesměrovává na {target}, což není server SÚKL {host}; přesměrování nebylo následováno.',
  },
  'medicines.fetch_too_many_redirects': {
    en: 'The document {url} redirects more than {max} times; the download was stopped.',
    cs: 'Dokument {url} přesměrovává víc než {max}krát; stahování bylo přerušeno.',
  },
} satisfies Catalogue;
