/**
 * @module contracts/messages/core
 * Messages of the index, the CLI, the tool registry and the shared parts of
 * every tool contract (argument shape, type names, internal errors).
 */
import type { Catalogue } from './catalogue.js';

export const coreMessages = {
  'tool.unknown': {
    en: 'Unknown tool "{tool}". Available tools: {available}.',
    cs: 'Neznámý nástroj "{tool}". Dostupné nástroje: {available}.',
    ja: '不明なツール "{tool}" です。利用可能なツール: {available}。',
  },
  'tool.invalid_json': {
    en: 'Arguments must be a JSON object: {reason}',
    ja: '引数は JSON オブジェクトで指定してください: {reason}',
    cs: 'Argumenty musí být objekt JSON: {reason}',
  },
  'tool.args_not_object': {
    en: 'Arguments must be a JSON object',
    ja: '引数は JSON オブジェクトで指定してください',
    cs: 'Argumenty musí být objekt JSON',
  },
  /** Type names filled into "{param} must be {expected}"-style texts. */
  'type.string': { en: 'a string', ja: '文字列', cs: 'řetězec' },
  'type.boolean': { en: 'a boolean', ja: '真偽値（true または false）', cs: 'logická hodnota (true nebo false)' },
  'type.number': { en: 'a number', ja: '数値', cs: 'číslo' },
  'type.integer': { en: 'an integer', ja: '整数', cs: 'celé číslo' },
  'type.array': { en: 'an array', ja: '配列', cs: 'pole' },
  'type.object': { en: 'an object', ja: 'オブジェクト', cs: 'objekt' },
  'index.missing': {
    en: 'No index at {index}. Build it first: quarry index {root}',
    ja: '{index} にインデックスがありません。先に作成してください: quarry index {root}',
    cs: 'V {index} není žádný index. Nejprve ho vytvořte: quarry index {root}',
  },
  'index.newer_schema': {
    en: 'The index at {index} has schema version {found}, newer than this Quarry ({supported}). Upgrade Quarry or rebuild the index.',
    ja: '{index} のインデックスはスキーマバージョン {found} で、この Quarry（{supported}）より新しいものです。Quarry を更新するか、インデックスを作り直してください。',
    cs: 'Index v {index} má verzi schématu {found}, novější než tento Quarry ({supported}). Aktualizujte Quarry, nebo index vytvořte znovu.',
  },
  'index.building': {
    en: 'The index is being built ({done} of {total} files so far): hits and totals cover the files indexed so far. Ask again when it is done for complete answers.',
    ja: 'インデックスを作成中です（これまでに {total} ファイル中 {done} ファイル）。ヒットと件数はこれまでに索引されたファイルだけを対象にしています。完了後にもう一度問い合わせると完全な結果が得られます。',
    cs: 'Index se právě vytváří (zatím {done} z {total} souborů): nálezy a počty zahrnují jen dosud zaindexované soubory. Úplné odpovědi dostanete, až bude hotový.',
  },
  'index.building_started': {
    en: 'The index is being built: hits and totals cover the files indexed so far. Ask again when it is done for complete answers.',
    ja: 'インデックスを作成中です。ヒットと件数はこれまでに索引されたファイルだけを対象にしています。完了後にもう一度問い合わせると完全な結果が得られます。',
    cs: 'Index se právě vytváří: nálezy a počty zahrnují jen dosud zaindexované soubory. Úplné odpovědi dostanete, až bude hotový.',
  },
  'index.building_whole': {
    en: 'The index is being built ({done} of {total} files so far). These exact or regex hits and their total cover every file, read from the files themselves (a file changed since the build started may be missed).',
    ja: 'インデックスを作成中です（これまでに {total} ファイル中 {done} ファイル）。この完全一致・正規表現のヒットと件数はすべてのファイルを対象にし、ファイルそのものから読み取っています（作成開始後に変更されたファイルは漏れることがあります）。',
    cs: 'Index se právě vytváří (zatím {done} z {total} souborů). Tyto přesné nebo regexové nálezy a jejich počet zahrnují všechny soubory, přečtené přímo ze souborů (soubor změněný od začátku vytváření může chybět).',
  },
  'index.building_words': {
    en: 'The index is being built ({done} of {total} files so far). These word hits and their total cover every file, in chunks of lines ranked by their words alone: definitions, symbols and the call graph join the ranking when the index is done.',
    ja: 'インデックスを作成中です（これまでに {total} ファイル中 {done} ファイル）。この単語検索のヒットと件数はすべてのファイルを対象にし、行のまとまりを単語だけで順位付けしています。定義・シンボル・呼び出しグラフはインデックスの完成後に順位付けに加わります。',
    cs: 'Index se právě vytváří (zatím {done} z {total} souborů). Tyto slovní nálezy a jejich počet zahrnují všechny soubory, po úsecích řádků seřazených jen podle slov: definice, symboly a graf volání se do řazení zapojí, až bude index hotový.',
  },
  'index.root_missing': {
    en: 'Folder to index does not exist or is not a directory: {root}',
    ja: 'インデックス対象のフォルダが存在しないか、フォルダではありません: {root}',
    cs: 'Složka k indexování neexistuje nebo to není adresář: {root}',
  },
  'search.timeout': {
    en: 'Search stopped after {ms} ms while verifying candidates. Narrow it with a longer literal, `language` or `repository`.',
    ja: '候補の検証中に {ms} ms で検索を打ち切りました。より長いリテラル、`language` または `repository` で絞り込んでください。',
    cs: 'Vyhledávání bylo zastaveno po {ms} ms při ověřování kandidátů. Zužte ho delším literálem, parametrem `language` nebo `repository`.',
  },
  'search.expression_failed': {
    en: 'The search expression could not run ({reason}). This is a Quarry bug: please report the query.',
    ja: '検索式を実行できませんでした（{reason}）。これは Quarry の不具合です。クエリを添えて報告してください。',
    cs: 'Vyhledávací výraz nešlo spustit ({reason}). Jde o chybu Quarry: nahlaste prosím dotaz.',
  },
  'index.worker_stopped': {
    en: 'The index worker stopped (exit code {code})',
    ja: 'インデックス作成ワーカーが停止しました（終了コード {code}）',
    cs: 'Indexovací proces se zastavil (návratový kód {code})',
  },
  /** The only text an unexpected failure shows; the cause is in the log line with the same id. */
  'internal': {
    en: 'Internal error (id {id}); the details are in the server log.',
    ja: '内部エラーが発生しました（ID {id}）。詳細はサーバーログに記録されています。',
    cs: 'Interní chyba (id {id}); podrobnosti jsou v logu serveru.',
  },
  'search.could_not_run': {
    en: 'The search could not run. This is a Quarry bug: please report the query.',
    cs: 'Hledání nešlo provést. Jde o chybu Quarry: nahlaste prosím dotaz.',
    ja: '検索を実行できませんでした。Quarry の不具合です。クエリを報告してください。',
  },
  /** The search pool's wall-clock limit (contracts/limits SEARCH_POOL.hardTimeoutMs): the worker running it was stopped. */
  'search.hard_timeout': {
    en: 'The search did not finish within {ms} ms and was stopped. Narrow it with a longer literal, `language` or `repository`.',
    ja: '検索が {ms} ms 以内に終わらなかったため停止しました。より長いリテラル、`language` または `repository` で絞り込んでください。',
    cs: 'Hledání neskončilo do {ms} ms, a proto bylo zastaveno. Zužte ho delším literálem, parametrem `language` nebo `repository`.',
  },
  'search.pool_busy': {
    en: 'Too many searches are waiting ({queued}); try again in a moment.',
    ja: '待機中の検索が多すぎます（{queued} 件）。しばらくしてから再試行してください。',
    cs: 'Čeká příliš mnoho hledání ({queued}); zkuste to za chvíli znovu.',
  },
  'search.pool_closed': {
    en: 'The server is shutting down; the search was not run.',
    ja: 'サーバーが終了処理中のため、検索は実行されませんでした。',
    cs: 'Server se vypíná; hledání nebylo provedeno.',
  },
  'search.cancelled': {
    en: 'The search was cancelled: its caller went away or cancelled it.',
    ja: '検索はキャンセルされました。呼び出し元が切断したかキャンセルしました。',
    cs: 'Hledání bylo zrušeno: volající se odpojil nebo je zrušil.',
  },
  'tool.args_too_deep': {
    en: 'Arguments nest deeper than {max} levels; no tool takes arguments like that. Send a flat JSON object.',
    ja: '引数の入れ子が {max} 階層を超えています。そのような引数を受け取るツールはありません。平坦な JSON オブジェクトを送ってください。',
    cs: 'Argumenty jsou vnořené hlouběji než {max} úrovní; takové argumenty žádný nástroj nepřijímá. Pošlete plochý objekt JSON.',
  },
  'tool.call_malformed': {
    en: 'tools/call needs params {"name": "<tool>", "arguments": {...}}; list the tools with tools/list.',
    ja: 'tools/call には params {"name": "<ツール名>", "arguments": {...}} が必要です。ツールの一覧は tools/list で取得できます。',
    cs: 'tools/call potřebuje params {"name": "<nástroj>", "arguments": {...}}; seznam nástrojů vrátí tools/list.',
  },
} satisfies Catalogue;
