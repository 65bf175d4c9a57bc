/**
 * @module contracts/messages/medicines
 * Messages of the SÚKL medicines tools (the MCP contract) and their importer, in
 * English, Japanese and Czech. The `cs` texts of the validation keys are the
 * MCP contract's messages byte for byte; the medicines tools answer in Czech unless a
 * locale is asked for.
 */
import type { Catalogue } from './catalogue.js';

export const medicinesMessages = {
  'medicines.param_string': {
    en: "Parameter '{name}' must be a non-empty string.",
    ja: "パラメーター '{name}' は空でない文字列で指定してください。",
    cs: "Parametr '{name}' musí být neprázdný řetězec.",
  },
  'medicines.query_too_long': {
    en: 'The search query must not exceed {max} characters.',
    ja: '検索クエリは {max} 文字以内で指定してください。',
    cs: 'Vyhledávací dotaz nesmí překročit {max} znaků.',
  },
  'medicines.param_string_array': {
    en: "Parameter '{name}' must be a non-empty array of strings.",
    ja: "パラメーター '{name}' は空でない文字列の配列で指定してください。",
    cs: "Parametr '{name}' musí být neprázdné pole řetězců.",
  },
  'medicines.too_many_codes': {
    en: 'The maximum number of codes is {max}.',
    ja: '指定できるコードは最大 {max} 件です。',
    cs: 'Maximální počet kódů je {max}.',
  },
  'medicines.param_number': {
    en: "Parameter '{name}' must be a whole number.",
    ja: "パラメーター '{name}' は整数で指定してください。",
    cs: "Parametr '{name}' musí být celé číslo.",
  },
  'medicines.param_min': {
    en: "Parameter '{name}' must be at least {min}.",
    ja: "パラメーター '{name}' は {min} 以上で指定してください。",
    cs: "Parametr '{name}' musí být alespoň {min}.",
  },
  'medicines.unknown_param': {
    en: "Unknown parameter '{name}'. Known parameters: {known}.",
    ja: "不明なパラメーター '{name}' です。使用できるパラメーター: {known}。",
    cs: "Neznámý parametr '{name}'. Známé parametry: {known}.",
  },
  'medicines.not_imported': {
    en: 'The SÚKL medicines registry is not imported under {root}. Import the open data (https://opendata.sukl.cz): quarry medicines import DLP.zip LEKARNY.zip --root {root}',
    ja: 'SÚKL の医薬品レジストリが {root} にインポートされていません。オープンデータ（https://opendata.sukl.cz）をインポートしてください: quarry medicines import DLP.zip LEKARNY.zip --root {root}',
    cs: 'Registr léčiv SÚKL není v {root} importován. Importujte otevřená data (https://opendata.sukl.cz): quarry medicines import DLP.zip LEKARNY.zip --root {root}',
  },
  'medicines.part_not_imported': {
    en: 'The {part} are not imported under {root}. Import {file}: quarry medicines import {file} --root {root}',
    ja: '{part} のデータが {root} にインポートされていません。{file} をインポートしてください: quarry medicines import {file} --root {root}',
    cs: 'Data „{part}“ nejsou v {root} importována. Importujte {file}: quarry medicines import {file} --root {root}',
  },
  'medicines.not_found': {
    en: 'No medicinal product with SÚKL code {code}.',
    ja: 'SÚKL コード {code} の医薬品は見つかりません。',
    cs: 'Léčivý přípravek s kódem SÚKL {code} nebyl nalezen.',
  },
  'medicines.atc_not_found': {
    en: 'No ATC group with code {code}.',
    ja: 'コード {code} の ATC 分類は見つかりません。',
    cs: 'Skupina ATC s kódem {code} nebyla nalezena.',
  },
  'medicines.document_missing': {
    en: 'No {kind} is listed for the product {code}.',
    ja: '医薬品 {code} には {kind} が登録されていません。',
    cs: 'Pro přípravek {code} není evidován dokument {kind}.',
  },
  'medicines.db_newer_schema': {
    en: 'The medicines database {file} has schema version {found}, newer than this Quarry ({supported}). Upgrade Quarry or import again into a new root.',
    ja: '医薬品データベース {file} のスキーマバージョン {found} は、この Quarry（{supported}）より新しいものです。Quarry を更新するか、新しいルートにインポートし直してください。',
    cs: 'Databáze léčiv {file} má verzi schématu {found}, novější než tento Quarry ({supported}). Aktualizujte Quarry, nebo data importujte znovu do nového kořene.',
  },
  'medicines.import_path_missing': {
    en: 'Path to import does not exist: {path}',
    ja: 'インポートするパスが存在しません: {path}',
    cs: 'Cesta k importu neexistuje: {path}',
  },
  'medicines.import_nothing': {
    en: 'No SÚKL data file recognised in {paths}. Expected DLP*.zip, LEKARNY*.zip, a folder of their CSVs (dlp_*.csv, lekarny_*.csv), SCAU*.txt/csv (reimbursement) or mr_hlaseni.csv (shortages).',
    ja: '{paths} に SÚKL のデータファイルが見つかりません。DLP*.zip、LEKARNY*.zip、それらの CSV のフォルダ（dlp_*.csv、lekarny_*.csv）、SCAU*.txt/csv（償還）または mr_hlaseni.csv（供給不足）を指定してください。',
    cs: 'V {paths} nebyl rozpoznán žádný datový soubor SÚKL. Očekává se DLP*.zip, LEKARNY*.zip, složka s jejich CSV (dlp_*.csv, lekarny_*.csv), SCAU*.txt/csv (úhrady) nebo mr_hlaseni.csv (výpadky).',
  },
  'medicines.import_missing_columns': {
    en: '{file}: missing required column(s) {missing}. Its header has: {found}.',
    ja: '{file}: 必須の列 {missing} がありません。ヘッダーにある列: {found}。',
    cs: '{file}: chybí povinné sloupce {missing}. Záhlaví obsahuje: {found}.',
  },
  'medicines.import_bad_csv': {
    en: '{file}: not a readable CSV: {reason}',
    ja: '{file}: 読み取れる CSV ではありません: {reason}',
    cs: '{file}: nejde o čitelný soubor CSV: {reason}',
  },
  'medicines.import_bad_zip': {
    en: '{file}: not a readable zip archive: {reason}',
    ja: '{file}: 読み取れる zip アーカイブではありません: {reason}',
    cs: '{file}: nejde o čitelný archiv zip: {reason}',
  },
  'medicines.pdf_unreadable': {
    en: 'Cannot read the PDF {file}: {reason}',
    ja: 'PDF {file} を読み取れません: {reason}',
    cs: 'PDF {file} nelze přečíst: {reason}',
  },
  'medicines.fetch_failed': {
    en: 'Could not fetch {url} after {attempts} attempt(s): {reason}',
    ja: '{url} を取得できませんでした（{attempts} 回試行）: {reason}',
    cs: '{url} se nepodařilo stáhnout ani po {attempts} pokusech: {reason}',
  },
  'medicines.import_too_large': {
    en: '{file}: {size} bytes, more than the {max} bytes allowed for a {kind}; not read.',
    ja: '{file}: {size} バイトあり、{kind} に許される {max} バイトを超えているため読み込みませんでした。',
    cs: '{file}: {size} bajtů, víc než povolených {max} bajtů pro {kind}; soubor nebyl načten.',
  },
  'medicines.import_entry_size_lie': {
    en: '{file}: the zip entry inflates to more bytes than its header declares ({declared}); the archive is damaged or crafted, not read.',
    ja: '{file}: zip のエントリがヘッダーの宣言（{declared}）より大きく展開されます。アーカイブが壊れているか細工されているため読み込みませんでした。',
    cs: '{file}: položka archivu se rozbalí na víc bajtů, než uvádí její hlavička ({declared}); archiv je poškozený nebo podvržený, nebyl načten.',
  },
  'medicines.import_record_too_large': {
    en: '{file}: the record at line {line} is longer than {max} characters; this is not a SÚKL table.',
    ja: '{file}: {line} 行目のレコードが {max} 文字を超えています。SÚKL の表ではありません。',
    cs: '{file}: záznam na řádku {line} je delší než {max} znaků; nejde o tabulku SÚKL.',
  },
  'medicines.fetch_too_large': {
    en: 'The document {url} is larger than {max} bytes; the download was stopped.',
    ja: '文書 {url} は {max} バイトを超えているため、ダウンロードを中止しました。',
    cs: 'Dokument {url} je větší než {max} bajtů; stahování bylo přerušeno.',
  },
  'medicines.fetch_redirect_refused': {
    en: 'The document {url} redirects to {target}, which is not the SÚKL host {host}; the redirect was not followed.',
    ja: '文書 {url} は SÚKL のホスト {host} ではない {target} へリダイレクトしているため、リダイレクトに従いませんでした。',
    cs: 'Dokument {url} přesměrovává na {target}, což není server SÚKL {host}; přesměrování nebylo následováno.',
  },
  'medicines.fetch_too_many_redirects': {
    en: 'The document {url} redirects more than {max} times; the download was stopped.',
    ja: '文書 {url} のリダイレクトが {max} 回を超えたため、ダウンロードを中止しました。',
    cs: 'Dokument {url} přesměrovává víc než {max}krát; stahování bylo přerušeno.',
  },
} satisfies Catalogue;
