/**
 * @module contracts/messages/structure
 * Messages of `search_structure` (ast-grep patterns over the index) in
 * English, Japanese and Czech. Its validation failures are wrapped in
 * search_code's "Validation failed: ..." like the other code tools.
 */
import type { Catalogue } from './catalogue.js';

export const structureMessages = {
  'structure.pattern_or_rule': {
    en: 'Pass a pattern (such as "foo($A)"), a rule, or both',
    ja: 'パターン（例: "foo($A)"）、rule、またはその両方を指定してください',
    cs: 'Zadejte vzor (například „foo($A)“), pravidlo (rule), nebo obojí',
  },
  'structure.pattern_empty': {
    en: 'pattern cannot be empty or whitespace-only',
    ja: 'pattern を空や空白だけにすることはできません',
    cs: 'pattern nesmí být prázdný ani obsahovat jen mezery',
  },
  'structure.pattern_too_deep': {
    en: '{param} nests brackets {depth} deep; at most {max} levels are allowed',
    ja: '{param} の括弧の入れ子が {depth} 段あります。上限は {max} 段です',
    cs: '{param} vnořuje závorky do hloubky {depth}; povoleno je nejvýše {max} úrovní',
  },
  'structure.language_unknown': {
    en: 'Structural search does not know the language "{value}"; use one of: {valid}',
    ja: '構造検索は言語 "{value}" に対応していません。次のいずれかを指定してください: {valid}',
    cs: 'Strukturní hledání nezná jazyk „{value}“; použijte jeden z: {valid}',
  },
  'structure.language_required': {
    en: 'language is required: it cannot be inferred from paths (one of: {valid})',
    ja: 'language を指定してください。paths から推定できません（次のいずれか: {valid}）',
    cs: 'Parametr language je povinný: z paths jej nelze odvodit (jeden z: {valid})',
  },
  'structure.rule_unknown_key': {
    en: 'rule has an unknown key "{key}" at {at}; known keys there: {known}',
    ja: 'rule の {at} に不明なキー "{key}" があります。使えるキー: {known}',
    cs: 'rule obsahuje v {at} neznámý klíč „{key}“; povolené klíče: {known}',
  },
  'structure.rule_value': {
    en: 'rule at {at} must be {expected}',
    ja: 'rule の {at} は {expected} で指定してください',
    cs: 'rule v {at} musí být {expected}',
  },
  'structure.rule_empty': {
    en: 'rule at {at} is empty: it needs one of {known}',
    ja: 'rule の {at} が空です。次のいずれかが必要です: {known}',
    cs: 'rule v {at} je prázdné: potřebuje jeden z klíčů {known}',
  },
  'structure.rule_too_deep': {
    en: 'rule nests deeper than {max} levels',
    ja: 'rule の入れ子が {max} 段を超えています',
    cs: 'rule je vnořené hlouběji než {max} úrovní',
  },
  'structure.rule_too_large': {
    en: 'rule holds more than {max} objects and arrays',
    ja: 'rule に含まれるオブジェクトと配列が {max} 個を超えています',
    cs: 'rule obsahuje více než {max} objektů a polí',
  },
  'structure.pattern_unparsable': {
    en: '{param} does not parse as {language}: {reason}',
    ja: '{param} を {language} として構文解析できません: {reason}',
    cs: '{param} nelze rozebrat jako {language}: {reason}',
  },
  'structure.pattern_syntax_error': {
    en: '{param} does not parse as {language}: it has a syntax error at "{near}"',
    ja: '{param} を {language} として構文解析できません: "{near}" の位置に構文エラーがあります',
    cs: '{param} nelze rozebrat jako {language}: obsahuje syntaktickou chybu u „{near}“',
  },
  'structure.rule_rejected': {
    en: 'ast-grep refused the rule: {reason}',
    ja: 'ast-grep が rule を受け付けませんでした: {reason}',
    cs: 'ast-grep pravidlo odmítl: {reason}',
  },
  'structure.rule_json': {
    en: '--rule is not a JSON object: {reason}',
    ja: '--rule が JSON オブジェクトではありません: {reason}',
    cs: '--rule není objekt JSON: {reason}',
  },
  'structure.path_outside': {
    en: 'paths must stay inside the project: "{value}"',
    ja: 'paths はプロジェクト内を指す必要があります: "{value}"',
    cs: 'paths musí zůstat uvnitř projektu: „{value}“',
  },
  'structure.scan': {
    en: 'The pattern has no literal word to ask the index for, so every indexed {language} file was a candidate: {parsed} parsed',
    ja: 'パターンに索引で引けるリテラルの語がないため、索引済みのすべての {language} ファイルを候補にしました（{parsed} 件を解析）',
    cs: 'Vzor neobsahuje žádné doslovné slovo, podle kterého by šlo hledat v indexu, takže kandidátem byl každý indexovaný soubor jazyka {language}: rozebráno {parsed}',
  },
  'structure.partial': {
    en: 'Stopped after {ms} ms and {parsed} files parsed: total counts only the matches found so far (narrow the search with paths or a literal word)',
    ja: '{ms} ms、{parsed} ファイルの解析で打ち切りました。total はそれまでに見つかった一致だけを数えています（paths やリテラルの語で絞り込んでください）',
    cs: 'Zastaveno po {ms} ms a {parsed} rozebraných souborech: total počítá jen dosud nalezené shody (zužte hledání pomocí paths nebo doslovného slova)',
  },
  'structure.timeout': {
    en: 'Structural search ran past its budget of {ms} ms after parsing {parsed} files without a match yet; this is not "no match": narrow it with paths or a literal word',
    ja: '構造検索が {ms} ms の予算を超えました（{parsed} ファイルを解析、まだ一致なし）。「一致なし」ではありません。paths やリテラルの語で絞り込んでください',
    cs: 'Strukturní hledání překročilo limit {ms} ms po rozebrání {parsed} souborů, zatím bez shody; neznamená to „nic nenalezeno“: zužte je pomocí paths nebo doslovného slova',
  },
} satisfies Catalogue;
