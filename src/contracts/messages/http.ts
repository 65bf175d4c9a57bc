/**
 * @module contracts/messages/http
 * Messages of the HTTP server: REST projects, files, conversations, search,
 * rate limits and transport errors.
 */
import type { Catalogue } from './catalogue.js';

export const httpMessages = {
  /**
   * Seed 001 fixes this wire text for every client (the 429 body must match
   * byte for byte), so it is the same in every locale.
   */
  'http.mcp_rate_limited': {
    en: 'Překročen limit požadavků. Zkuste to znovu za minutu.',
  },
  'http.search_rate_limited': {
    en: 'Too many search requests. Try again in {seconds} s.',
    cs: 'Příliš mnoho vyhledávacích požadavků. Zkuste to znovu za {seconds} s.',
  },
  'http.tools_rate_limited': {
    en: 'Too many tool calls. Try again in {seconds} s.',
    cs: 'Příliš mnoho volání nástrojů. Zkuste to znovu za {seconds} s.',
  },
  'http.listen_failed': {
    en: 'Cannot listen on {host}:{port} ({reason}). Pick another --port or --host.',
  },
  'http.body_too_large': {
    en: 'Request body is larger than {limit} bytes.',
  },
  'http.malformed_json': {
    en: 'Request body is not valid JSON: {reason}',
  },
  'http.unsupported_media_type': {
    en: 'Send the request body as application/json.',
  },
  'http.route_not_found': {
    en: 'No route {method} {url}.',
  },
  'http.invalid_request': {
    en: 'Invalid request: {reason}',
  },
  'project.not_found': {
    en: 'Project {project} not found.',
    cs: 'Projekt {project} nebyl nalezen.',
  },
  'project.folder_outside_roots': {
    en: 'Folder {folder} is outside the allowed roots ({roots}). Start the server with --allow-root to permit it.',
  },
  'project.default_undeletable': {
    en: 'The default project (the served folder) cannot be deleted.',
  },
  'conversation.not_found': {
    en: 'Conversation {conversation} not found in project {project}.',
  },
  'file.path_invalid': {
    en: 'File path must be relative, inside the project, without ".." or empty segments: {path}',
  },
  'file.binary': {
    en: 'File content is binary (contains NUL bytes); only text is indexed.',
  },
  'file.too_large': {
    en: 'File content is {bytes} bytes, more than the {limit} bytes allowed.',
  },
  'search.no_words': {
    en: 'The query has no words to search for (letters or digits): {query}',
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
  'web.not_built': {
    en: 'The web page is not built (no {folder}). Run "npm run build:web".',
    cs: 'Webová stránka není sestavena (chybí {folder}). Spusťte "npm run build:web".',
  },
  'web.asset_not_found': {
    en: 'No web page file {path}.',
    cs: 'Soubor webové stránky {path} neexistuje.',
  },
  'web.file_too_large': {
    en: 'File {path} has {size} bytes; the file view shows files up to {max} bytes. Use search_content on it instead.',
    cs: 'Soubor {path} má {size} bajtů; zobrazení souboru ukáže nejvýše {max} bajtů. Použijte na něj search_content.',
  },
  'web.file_binary': {
    en: 'File {path} is binary; the file view shows text files only.',
    cs: 'Soubor {path} je binární; zobrazení souboru ukáže jen textové soubory.',
  },
} satisfies Catalogue;
