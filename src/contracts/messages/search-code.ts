/**
 * @module contracts/messages/search-code
 * Messages of the search_code contract and of find_references,
 * in English, Japanese and Czech. A validation failure is wrapped in
 * `search_code.validation_failed` ("Validation failed: ...", the contract's text).
 */
import type { Catalogue } from './catalogue.js';

export const searchCodeMessages = {
  'search_code.validation_failed': {
    en: 'Validation failed: {reason}',
    ja: '入力の検証に失敗しました: {reason}',
    cs: 'Ověření vstupu selhalo: {reason}',
  },
  'search_code.query_required': {
    en: 'Query is required and must be a string',
    ja: 'query は必須で、文字列で指定してください',
    cs: 'Parametr query je povinný a musí to být řetězec',
  },
  'search_code.query_empty': {
    en: 'Query cannot be empty or whitespace-only',
    ja: 'query を空や空白だけにすることはできません',
    cs: 'Dotaz nesmí být prázdný ani obsahovat jen mezery',
  },
  'search_code.query_truncated': {
    en: 'Query exceeded {max} characters and was truncated to {max}',
    ja: 'query が {max} 文字を超えたため、{max} 文字に切り詰めました',
    cs: 'Dotaz přesáhl {max} znaků a byl zkrácen na {max} znaků',
  },
  'search_code.query_too_many_words': {
    en: 'Query has {count} words; the maximum is {max}',
    ja: 'query の単語数は {count} です。上限は {max} 語です',
    cs: 'Dotaz má {count} slov; povoleno je nejvýše {max}',
  },
  'search_code.suspicious_pattern': {
    en: 'Query contains a {kind} pattern ("{sample}"); it is searched as literal text and never executed',
    ja: 'query に {kind} のパターン（"{sample}"）が含まれています。文字列としてそのまま検索され、実行されることはありません',
    cs: 'Dotaz obsahuje vzor typu {kind} („{sample}“); hledá se jako prostý text a nikdy se nespouští',
  },
  'search_code.not_integer': {
    en: '{param} must be an integer, got {value}',
    ja: '{param} は整数で指定してください（指定値: {value}）',
    cs: '{param} musí být celé číslo, zadáno: {value}',
  },
  'search_code.below_min': {
    en: '{param} must be >= {min}, got {value}',
    ja: '{param} は {min} 以上で指定してください（指定値: {value}）',
    cs: '{param} musí být alespoň {min}, zadáno: {value}',
  },
  'search_code.above_max': {
    en: '{param} must be <= {max}, got {value}',
    ja: '{param} は {max} 以下で指定してください（指定値: {value}）',
    cs: '{param} smí být nejvýše {max}, zadáno: {value}',
  },
  'search_code.clamped': {
    en: '{param} {value} is above the maximum {max}; clamped to {max}',
    ja: '{param} の値 {value} は上限 {max} を超えているため、{max} に制限しました',
    cs: '{param} {value} přesahuje maximum {max}; použije se {max}',
  },
  'search_code.language_invalid': {
    en: 'Invalid language "{value}". Valid languages: {valid}',
    ja: '言語 "{value}" は無効です。有効な言語: {valid}',
    cs: 'Neplatný jazyk „{value}“. Platné jazyky: {valid}',
  },
  'search_code.enum_invalid': {
    en: 'Invalid {param} "{value}". Valid values: {valid}',
    ja: '{param} の値 "{value}" は無効です。有効な値: {valid}',
    cs: 'Neplatná hodnota {param} „{value}“. Platné hodnoty: {valid}',
  },
  'search_code.type_invalid': {
    en: '{param} must be {expected}',
    ja: '{param} は{expected}で指定してください',
    cs: '{param} musí být {expected}',
  },
  'search_code.param_required': {
    en: '{param} is required',
    ja: '{param} は必須です',
    cs: 'Parametr {param} je povinný',
  },
  'search_code.param_empty': {
    en: '{param} must not be empty',
    ja: '{param} を空にすることはできません',
    cs: '{param} nesmí být prázdný',
  },
  'search_code.too_long': {
    en: '{param} must be at most {max} characters, got {length}',
    ja: '{param} は {max} 文字以内で指定してください（{length} 文字）',
    cs: '{param} smí mít nejvýše {max} znaků, má {length}',
  },
  'search_code.repository_traversal': {
    en: 'repository must not contain path traversal ("..", leading "/" or "~")',
    ja: 'repository にパスの遡り（".."、先頭の "/" や "~"）を含めることはできません',
    cs: 'repository nesmí obsahovat průchod cestou („..“, úvodní „/“ nebo „~“)',
  },
  'search_code.repository_sanitized': {
    en: 'repository "{value}" contained unsafe characters; searched as "{sanitized}"',
    ja: 'repository "{value}" に安全でない文字が含まれていたため、"{sanitized}" として検索しました',
    cs: 'repository „{value}“ obsahoval nebezpečné znaky; hledá se jako „{sanitized}“',
  },
  'search_code.repository_empty': {
    en: 'repository is empty after removing unsafe characters',
    ja: '安全でない文字を取り除くと repository が空になります',
    cs: 'Po odstranění nebezpečných znaků je repository prázdné',
  },
  'search_code.unknown_param': {
    en: 'Unknown parameter "{param}". Known parameters: {known}',
    ja: '不明なパラメーター "{param}" です。使用できるパラメーター: {known}',
    cs: 'Neznámý parametr „{param}“. Známé parametry: {known}',
  },
  'search_code.regex_invalid': {
    en: 'Invalid regular expression: {reason}',
    ja: '正規表現が無効です: {reason}',
    cs: 'Neplatný regulární výraz: {reason}',
  },
  'search_code.regex_any_byte': {
    en: 'Invalid regular expression: \\C (any single byte) is not supported, since it can match part of a character. Use . for any character.',
    ja: '正規表現が無効です: \\C（任意の 1 バイト）は文字の一部に一致しうるため使えません。任意の 1 文字には . を使ってください。',
    cs: 'Neplatný regulární výraz: \\C (libovolný bajt) není podporován, protože může zachytit jen část znaku. Pro libovolný znak použijte „.“.',
  },
  'search_code.regex_too_long': {
    en: 'Regular expression is longer than {max} characters',
    ja: '正規表現が {max} 文字を超えています',
    cs: 'Regulární výraz je delší než {max} znaků',
  },
  'search_code.cursor_invalid': {
    en: 'cursor is not valid (damaged, forged or from another index); search again without it',
    ja: 'cursor が無効です（破損、改ざん、または別のインデックスのもの）。cursor を付けずに検索し直してください',
    cs: 'cursor není platný (poškozený, podvržený nebo z jiného indexu); vyhledávejte znovu bez něj',
  },
  'search_code.cursor_other_query': {
    en: 'cursor belongs to a different query or filters; pass it with the same query it came from',
    ja: 'cursor は別のクエリまたはフィルターのものです。発行元と同じクエリと一緒に指定してください',
    cs: 'cursor patří k jinému dotazu nebo filtrům; předejte ho se stejným dotazem, ze kterého pochází',
  },
  'search_code.cursor_expired': {
    en: 'cursor expired after {minutes} minutes; search again to get a fresh one',
    ja: 'cursor は {minutes} 分で期限切れになりました。検索し直して新しい cursor を取得してください',
    cs: 'cursor vypršel po {minutes} minutách; vyhledávejte znovu a získáte nový',
  },
  'search_code.cursor_stale': {
    en: 'the index changed since this cursor was issued (version {issued} -> {current}); search again',
    ja: 'この cursor の発行後にインデックスが更新されました（バージョン {issued} → {current}）。検索し直してください',
    cs: 'od vydání tohoto cursoru se index změnil (verze {issued} -> {current}); vyhledávejte znovu',
  },
  'search_code.cursor_too_deep': {
    en: 'cursor offset {offset} is beyond the deepest page ({max}); narrow the search instead',
    ja: 'cursor の位置 {offset} は最も深いページ（{max}）を超えています。代わりに検索を絞り込んでください',
    cs: 'posun cursoru {offset} leží za nejhlubší stránkou ({max}); raději zužte vyhledávání',
  },
  'search_code.hint_filter': {
    en: '{count} results match without {filters}; remove the filter to see them',
    ja: '{filters} を外すと {count} 件が一致します。表示するにはフィルターを外してください',
    cs: 'Bez {filters} odpovídá {count} výsledků; odeberte filtr, abyste je viděli',
  },
  'search_code.hint_fewer_words': {
    en: 'fewer words find more: try the two most specific ones',
    ja: '単語を減らすとより多く見つかります。最も具体的な 2 語で試してください',
    cs: 'méně slov najde víc: zkuste dvě nejkonkrétnější',
  },
} satisfies Catalogue;
