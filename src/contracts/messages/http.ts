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
    en: 'Project {project}: folder {folder} now resolves to {real}, which is not the folder the project was created from or lies outside the allowed roots ({roots}); it is not indexed.',
    cs: 'Projekt {project}: složka {folder} nyní vede na {real}, což není složka, ze které projekt vznikl, nebo leží mimo povolené kořeny ({roots}); neindexuje se.',
    ja: 'プロジェクト {project}: フォルダー {folder} は現在 {real} を指しています。これは作成時のフォルダーではないか、許可されたルート（{roots}）の外にあるため、インデックスしません。',
  },
} satisfies Catalogue;
