/**
 * @module contracts/messages/search-code
 * Messages of the search_code contract (seed 000). Validation failures are
 * prefixed with "Validation failed: " where they are raised.
 */
import type { Catalogue } from './catalogue.js';

export const searchCodeMessages = {
  'search_code.query_required': { en: 'Query is required and must be a string' },
  'search_code.query_empty': { en: 'Query cannot be empty or whitespace-only' },
  'search_code.query_truncated': { en: 'Query exceeded {max} characters and was truncated to {max}' },
  'search_code.query_too_many_words': { en: 'Query has {count} words; the maximum is {max}' },
  'search_code.suspicious_pattern': {
    en: 'Query contains a {kind} pattern ("{sample}"); it is searched as literal text and never executed',
  },
  'search_code.not_integer': { en: '{param} must be an integer, got {value}' },
  'search_code.below_min': { en: '{param} must be >= {min}, got {value}' },
  'search_code.above_max': { en: '{param} must be <= {max}, got {value}' },
  'search_code.clamped': { en: '{param} {value} is above the maximum {max}; clamped to {max}' },
  'search_code.language_invalid': { en: 'Invalid language "{value}". Valid languages: {valid}' },
  'search_code.detail_invalid': { en: 'Invalid detail_level "{value}". Valid values: full, compact, ultra' },
  'search_code.mode_invalid': { en: 'Invalid mode "{value}". Valid values: auto, text, exact, regex' },
  'search_code.type_invalid': { en: '{param} must be {expected}' },
  'search_code.repository_traversal': { en: 'repository must not contain path traversal ("..", leading "/" or "~")' },
  'search_code.repository_too_long': { en: 'repository must be at most {max} characters, got {length}' },
  'search_code.repository_sanitized': { en: 'repository "{value}" contained unsafe characters; searched as "{sanitized}"' },
  'search_code.repository_empty': { en: 'repository is empty after removing unsafe characters' },
  'search_code.unknown_param': { en: 'Unknown parameter "{param}". Known parameters: {known}' },
  'search_code.regex_invalid': { en: 'Invalid regular expression: {reason}' },
  'search_code.regex_too_long': { en: 'Regular expression is longer than {max} characters' },
  'search_code.cursor_invalid': { en: 'cursor is not valid (damaged, forged or from another index); search again without it' },
  'search_code.cursor_other_query': { en: 'cursor belongs to a different query or filters; pass it with the same query it came from' },
  'search_code.cursor_expired': { en: 'cursor expired after {minutes} minutes; search again to get a fresh one' },
  'search_code.cursor_stale': { en: 'the index changed since this cursor was issued (version {issued} -> {current}); search again' },
  'search_code.cursor_too_deep': { en: 'cursor offset {offset} is beyond the deepest page ({max}); narrow the search instead' },
  'search_code.hint_filter': { en: '{count} results match without {filters}; remove the filter to see them' },
  'search_code.hint_fewer_words': { en: 'fewer words find more: try the two most specific ones' },
} satisfies Catalogue;
