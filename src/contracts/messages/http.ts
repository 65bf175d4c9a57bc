/**
 * @module contracts/messages/http
 * Messages of the HTTP server: REST projects, files, conversations, search,
 * rate limits and transport errors.
 */
import type { Catalogue } from './catalogue.js';

export const httpMessages = {
  /**
   * The MCP contract fixes this wire text for every client (the 429 body must match
   * byte for byte), so it is the same in every locale.
   */
  'http.mcp_rate_limited': {
    en: 'Překročen limit požadavků. Zkuste to znovu za minutu.',
  },
  'http.search_rate_limited': {
    en: 'Too many search requests. Try again in {seconds} s.',
    cs: 'Příliš mnoho vyhledávacích požadavků. Zkuste to znovu za {seconds} s.',
    ja: '検索リクエストが多すぎます。{seconds} 秒後にもう一度お試しください。',
  },
  'http.tools_rate_limited': {
    en: 'Too many tool calls. Try again in {seconds} s.',
    cs: 'Příliš mnoho volání nástrojů. Zkuste to znovu za {seconds} s.',
    ja: 'ツールの呼び出しが多すぎます。{seconds} 秒後にもう一度お試しください。',
  },
  'http.rate_store_unavailable': {
    en: 'The shared rate-limit store ({store}) did not answer, so this request could not be counted. Try again in a moment.',
    cs: 'Sdílené úložiště limitů požadavků ({store}) neodpovědělo, proto tento požadavek nebylo možné započítat. Zkuste to za chvíli znovu.',
    ja: '共有のレート制限ストア（{store}）が応答しなかったため、このリクエストを数えられませんでした。しばらくしてからもう一度お試しください。',
  },
  'http.rate_store_invalid': {
    en: 'Not a rate-limit store: {value} (expected memory, or a Redis URL such as redis://127.0.0.1:6379).',
    cs: 'Neplatné úložiště limitů požadavků: {value} (očekává se memory nebo URL Redisu, např. redis://127.0.0.1:6379).',
    ja: 'レート制限ストアとして不正です: {value}（memory、または redis://127.0.0.1:6379 のような Redis の URL を指定してください）。',
  },
  'http.listen_failed': {
    en: 'Cannot listen on {host}:{port} ({reason}). Pick another --port or --host.',
    ja: '{host}:{port} で待ち受けできません（{reason}）。別の --port または --host を指定してください。',
    cs: 'Nelze naslouchat na {host}:{port} ({reason}). Zvolte jiný --port nebo --host.',
  },
  'http.body_too_large': {
    en: 'Request body is larger than {limit} bytes.',
    ja: 'リクエスト本文が {limit} バイトを超えています。',
    cs: 'Tělo požadavku je větší než {limit} bajtů.',
  },
  'http.malformed_json': {
    en: 'Request body is not valid JSON: {reason}',
    ja: 'リクエスト本文が正しい JSON ではありません: {reason}',
    cs: 'Tělo požadavku není platný JSON: {reason}',
  },
  'http.unsupported_media_type': {
    en: 'Send the request body as application/json.',
    ja: 'リクエスト本文は application/json で送信してください。',
    cs: 'Tělo požadavku pošlete jako application/json.',
  },
  'http.route_not_found': {
    en: 'No route {method} {url}.',
    ja: '{method} {url} というルートはありません。',
    cs: 'Cesta {method} {url} neexistuje.',
  },
  'http.invalid_request': {
    en: 'Invalid request: {reason}',
    ja: 'リクエストが無効です: {reason}',
    cs: 'Neplatný požadavek: {reason}',
  },
  'project.not_found': {
    en: 'Project {project} not found.',
    cs: 'Projekt {project} nebyl nalezen.',
    ja: 'プロジェクト {project} が見つかりません。',
  },
  'project.folder_outside_roots': {
    en: 'Folder {folder} is outside the allowed roots ({roots}). Start the server with --allow-root to permit it.',
    ja: 'フォルダ {folder} は許可されたルート（{roots}）の外にあります。許可するには --allow-root を付けてサーバーを起動してください。',
    cs: 'Složka {folder} leží mimo povolené kořeny ({roots}). Chcete-li ji povolit, spusťte server s --allow-root.',
  },
  'project.default_undeletable': {
    en: 'The default project (the served folder) cannot be deleted.',
    ja: '既定のプロジェクト（公開中のフォルダ）は削除できません。',
    cs: 'Výchozí projekt (obsluhovanou složku) nelze smazat.',
  },
  'conversation.not_found': {
    en: 'Conversation {conversation} not found in project {project}.',
    ja: 'プロジェクト {project} に会話 {conversation} が見つかりません。',
    cs: 'Konverzace {conversation} nebyla v projektu {project} nalezena.',
  },
  'file.path_invalid': {
    en: 'File path must be relative, inside the project, without ".." or empty segments: {path}',
    ja: 'ファイルパスはプロジェクト内の相対パスで、".." や空の区切りを含まないように指定してください: {path}',
    cs: 'Cesta k souboru musí být relativní, uvnitř projektu, bez „..“ a prázdných částí: {path}',
  },
  'file.binary': {
    en: 'File content is binary (contains NUL bytes); only text is indexed.',
    ja: 'ファイルの内容がバイナリです（NUL バイトを含む）。インデックスできるのはテキストだけです。',
    cs: 'Obsah souboru je binární (obsahuje bajty NUL); indexuje se jen text.',
  },
  'file.too_large': {
    en: 'File content is {bytes} bytes, more than the {limit} bytes allowed.',
    ja: 'ファイルの内容は {bytes} バイトで、上限の {limit} バイトを超えています。',
    cs: 'Obsah souboru má {bytes} bajtů, víc než povolených {limit} bajtů.',
  },
  'search.no_words': {
    en: 'The query has no words to search for (letters or digits): {query}',
    ja: 'クエリに検索できる語（文字または数字）がありません: {query}',
    cs: 'Dotaz neobsahuje žádná slova k vyhledání (písmena nebo číslice): {query}',
  },
  'http.host_not_allowed': {
    en: 'Host {host} is not allowed: this server answers requests addressed to {allowed}. Add a name with --allowed-hosts (or QUARRY_ALLOWED_HOSTS).',
    cs: 'Host {host} není povolen: tento server odpovídá jen na požadavky adresované na {allowed}. Další jméno přidejte volbou --allowed-hosts (nebo QUARRY_ALLOWED_HOSTS).',
    ja: 'ホスト {host} は許可されていません。このサーバーは {allowed} 宛ての要求にのみ応答します。名前を追加するには --allowed-hosts（または QUARRY_ALLOWED_HOSTS）を使ってください。',
  },
  'http.origin_not_allowed': {
    en: 'Origin {origin} is not allowed. Allow a web page\'s origin with --cors.',
    cs: 'Origin {origin} není povolen. Původ webové stránky povolíte volbou --cors.',
    ja: 'オリジン {origin} は許可されていません。Web ページのオリジンを許可するには --cors を使ってください。',
  },
  'http.unauthorized': {
    en: 'This server requires a bearer token: send the header "Authorization: Bearer <token>".',
    cs: 'Tento server vyžaduje bearer token: pošlete hlavičku "Authorization: Bearer <token>".',
    ja: 'このサーバーにはベアラートークンが必要です。"Authorization: Bearer <token>" ヘッダーを送ってください。',
  },
  'http.token_required': {
    en: 'Listening on {host} reaches beyond this machine, so a bearer token is required: set --token or QUARRY_TOKEN (at least {min} characters), or listen on 127.0.0.1.',
    cs: 'Naslouchání na {host} je dosažitelné i z jiných počítačů, proto je nutný bearer token: nastavte --token nebo QUARRY_TOKEN (nejméně {min} znaků), nebo naslouchejte na 127.0.0.1.',
    ja: '{host} で待ち受けるとこのマシンの外から到達できるため、ベアラートークンが必要です。--token または QUARRY_TOKEN（{min} 文字以上）を設定するか、127.0.0.1 で待ち受けてください。',
  },
  'http.token_too_short': {
    en: 'The bearer token has {length} characters; use at least {min} (for example the output of: openssl rand -hex 32).',
    cs: 'Bearer token má {length} znaků; použijte nejméně {min} (například výstup příkazu: openssl rand -hex 32).',
    ja: 'ベアラートークンが {length} 文字しかありません。{min} 文字以上にしてください（例: openssl rand -hex 32 の出力）。',
  },
  'http.allowed_host_invalid': {
    en: 'Not a host name for --allowed-hosts: {value} (expected a name or address, optionally with :port).',
    cs: 'Neplatné jméno hostitele pro --allowed-hosts: {value} (očekává se jméno nebo adresa, případně s :port).',
    ja: '--allowed-hosts のホスト名として不正です: {value}（名前またはアドレス、必要なら :port 付き）。',
  },
  'http.projects_rate_limited': {
    en: 'Too many project requests. Try again in {seconds} s.',
    cs: 'Příliš mnoho požadavků na projekty. Zkuste to znovu za {seconds} s.',
    ja: 'プロジェクトへの要求が多すぎます。{seconds} 秒後にもう一度お試しください。',
  },
  'write.busy': {
    en: 'The index is busy with another write (an index pass or another process); this write waited {seconds} s and was not applied. Retry shortly.',
    cs: 'Index je zaneprázdněn jiným zápisem (indexací nebo jiným procesem); tento zápis čekal {seconds} s a nebyl proveden. Zkuste to za chvíli znovu.',
    ja: 'インデックスは別の書き込み（インデックス処理または別のプロセス）で使用中です。この書き込みは {seconds} 秒待機しましたが適用されませんでした。しばらくしてから再試行してください。',
  },
  'project.limit': {
    en: 'This server already holds {count} projects, the most it allows ({limit}). Delete a project before creating another.',
    cs: 'Server už má {count} projektů, což je povolené maximum ({limit}). Před vytvořením dalšího projekt smažte.',
    ja: 'このサーバーには既に {count} 個のプロジェクトがあり、上限（{limit}）に達しています。新しく作成する前にプロジェクトを削除してください。',
  },
  'project.folder_limit': {
    en: 'This server already keeps {count} folders fresh, the most it allows ({limit}). Delete a folder project, or create an empty project and upload files.',
    cs: 'Server už udržuje aktuální {count} složek, což je povolené maximum ({limit}). Smažte projekt se složkou, nebo vytvořte prázdný projekt a nahrajte soubory.',
    ja: 'このサーバーは既に {count} 個のフォルダーを監視しており、上限（{limit}）に達しています。フォルダーのプロジェクトを削除するか、空のプロジェクトを作成してファイルをアップロードしてください。',
  },
  'project.folder_moved': {
    en: 'Project {project}: folder {folder} now resolves elsewhere (moved, or replaced by a symbolic link): not the folder the project was created from, or outside the allowed roots ({roots}); it is not indexed.',
    cs: 'Projekt {project}: složka {folder} nyní vede jinam (byla přesunuta nebo nahrazena symbolickým odkazem): není to složka, ze které projekt vznikl, nebo leží mimo povolené kořeny ({roots}); neindexuje se.',
    ja: 'プロジェクト {project}: フォルダー {folder} は現在別の場所を指しています（移動されたか、シンボリックリンクに置き換えられました）。作成時のフォルダーではないか、許可されたルート（{roots}）の外にあるため、インデックスしません。',
  },
  'web.not_built': {
    en: 'The web page is not built (no {folder}). Run "npm run build:web".',
    ja: 'Web ページがビルドされていません（{folder} がありません）。"npm run build:web" を実行してください。',
    cs: 'Webová stránka není sestavena (chybí {folder}). Spusťte "npm run build:web".',
  },
  'web.asset_not_found': {
    en: 'No web page file {path}.',
    ja: 'Web ページのファイル {path} はありません。',
    cs: 'Soubor webové stránky {path} neexistuje.',
  },
  'web.file_too_large': {
    en: 'File {path} has {size} bytes; the file view shows files up to {max} bytes. Use search_content on it instead.',
    ja: 'ファイル {path} は {size} バイトあります。ファイル表示は {max} バイトまでです。代わりに search_content を使ってください。',
    cs: 'Soubor {path} má {size} bajtů; zobrazení souboru ukáže nejvýše {max} bajtů. Použijte na něj search_content.',
  },
  'web.path_required': {
    en: 'Give the file to show as the query parameter "path", e.g. /api/files/content?path=src/index.ts.',
    ja: '表示するファイルをクエリパラメーター "path" で指定してください。例: /api/files/content?path=src/index.ts。',
    cs: 'Zadejte soubor k zobrazení v parametru dotazu "path", např. /api/files/content?path=src/index.ts.',
  },
  'web.file_binary': {
    en: 'File {path} is binary; the file view shows text files only.',
    ja: 'ファイル {path} はバイナリです。ファイル表示はテキストファイルのみ対応しています。',
    cs: 'Soubor {path} je binární; zobrazení souboru ukáže jen textové soubory.',
  },
} satisfies Catalogue;
