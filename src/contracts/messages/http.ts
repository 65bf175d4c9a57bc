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
} satisfies Catalogue;
