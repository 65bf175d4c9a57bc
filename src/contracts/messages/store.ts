/**
 * @module contracts/messages/store
 * Messages of the index stores beyond SQLite (`--store postgres://…`): how
 * to name one, and what a user sees when PostgreSQL is away or busy. None
 * repeats the driver's or the server's own text.
 */
import type { Catalogue } from './catalogue.js';

export const storeMessages = {
  'store.url_invalid': {
    en: 'Not a store: {value}. Give postgres://user@host:port/database (optionally ?schema=name), or a SQLite index file.',
    ja: 'ストアとして解釈できません: {value}。postgres://user@host:port/database（必要なら ?schema=name）か、SQLite のインデックスファイルを指定してください。',
    cs: 'Toto není úložiště: {value}. Zadejte postgres://user@host:port/database (případně ?schema=name), nebo soubor indexu SQLite.',
  },
  'store.schema_invalid': {
    en: 'Schema name "{schema}" is not allowed: use lower-case letters, digits and _ (at most 63, not starting with a digit).',
    ja: 'スキーマ名 "{schema}" は使えません。英小文字・数字・_ を使ってください（63 文字以内、数字で始めない）。',
    cs: 'Název schématu "{schema}" není povolen: použijte malá písmena, číslice a _ (nejvýše 63 znaků, ne číslici na začátku).',
  },
  'store.options_conflict': {
    en: '--index {index} and --store both name an index; give one of them.',
    ja: '--index {index} と --store の両方でインデックスが指定されています。どちらか一方にしてください。',
    cs: '--index {index} i --store určují index; zadejte jen jedno z nich.',
  },
  'store.unreachable': {
    en: 'PostgreSQL at {store} cannot be reached; nothing was read or written. Check that it is running and accepts connections, then try again.',
    ja: '{store} の PostgreSQL に接続できません。読み書きは行われていません。起動して接続を受け付けているか確認し、再試行してください。',
    cs: 'PostgreSQL na {store} není dostupný; nic nebylo přečteno ani zapsáno. Ověřte, že běží a přijímá spojení, a zkuste to znovu.',
  },
  'store.search_interrupted': {
    en: 'The connection to PostgreSQL at {store} was lost during the search; no answer was given. Try again when the server is back.',
    ja: '検索中に {store} の PostgreSQL との接続が切れたため、結果を返せませんでした。サーバーが復旧してから再試行してください。',
    cs: 'Během hledání se ztratilo spojení s PostgreSQL na {store}; odpověď nebyla dána. Zkuste to znovu, až bude server zpět.',
  },
  'store.index_interrupted': {
    en: 'The connection to PostgreSQL at {store} was lost during the index run. The batch being written was not applied; the {version} index version(s) published before it are complete. Run quarry index again to resume.',
    ja: 'インデックス作成中に {store} の PostgreSQL との接続が切れました。書き込み中のバッチは適用されていません。それまでに公開されたインデックスバージョン（{version}）は完全です。quarry index を再実行すると続きから再開します。',
    cs: 'Během indexování se ztratilo spojení s PostgreSQL na {store}. Zapisovaná dávka nebyla použita; verze indexu zveřejněné před ní ({version}) jsou úplné. Spusťte quarry index znovu a indexování naváže.',
  },
  'store.writer_busy': {
    en: 'Another quarry index is writing to {store}; an index has one writer at a time. Try again when it finishes.',
    ja: '別の quarry index が {store} に書き込み中です。インデックスへの書き込みは一度に一つだけです。終わってから再試行してください。',
    cs: 'Do {store} právě zapisuje jiný quarry index; index má vždy jen jednoho zapisovatele. Zkuste to znovu, až skončí.',
  },
  'store.statement_timeout': {
    en: 'PostgreSQL at {store} did not answer within {ms} ms; the search was stopped. Narrow it with a longer literal, `language` or `repository`.',
    ja: '{store} の PostgreSQL が {ms} ms 以内に応答しなかったため、検索を停止しました。より長いリテラル、`language` または `repository` で絞り込んでください。',
    cs: 'PostgreSQL na {store} neodpověděl do {ms} ms; hledání bylo zastaveno. Zužte ho delším literálem, parametrem `language` nebo `repository`.',
  },
  'store.vectors_sqlite_only': {
    en: 'Embeddings are kept in SQLite indexes only, and this index is in PostgreSQL.',
    ja: '埋め込みは SQLite のインデックスにのみ保存されますが、このインデックスは PostgreSQL にあります。',
    cs: 'Embeddingy se ukládají jen do indexů SQLite a tento index je v PostgreSQL.',
  },
  'store.vectors_not_stored': {
    en: 'Embeddings are kept in SQLite indexes only: the {missing} chunks of this PostgreSQL index have none, and its searches are ranked by words.',
    ja: '埋め込みは SQLite のインデックスにのみ保存されます。この PostgreSQL のインデックスの {missing} 個のチャンクには埋め込みがなく、検索は単語で順位付けされます。',
    cs: 'Embeddingy se ukládají jen do indexů SQLite: {missing} bloků tohoto indexu v PostgreSQL žádné nemá a jeho hledání řadí podle slov.',
  },
  'store.shared_project_read_only': {
    en: 'The served folder\'s index is in PostgreSQL ({store}), shared by every server: uploads and messages go to a project of their own (POST /api/projects).',
    ja: '提供中フォルダのインデックスはすべてのサーバーが共有する PostgreSQL（{store}）にあります。アップロードとメッセージは専用のプロジェクト（POST /api/projects）に送ってください。',
    cs: 'Index obsluhované složky je v PostgreSQL ({store}), který sdílejí všechny servery: nahrané soubory a zprávy patří do vlastního projektu (POST /api/projects).',
  },
} satisfies Catalogue;
