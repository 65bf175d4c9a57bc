/**
 * @module live/live-error
 * QuarryError from the catalogue in the caller's locale: every live-search
 * failure goes through here so its text is translated and its key kept.
 */
import { QuarryError, type ErrorCode } from '../contracts/errors.js';
import { message, type Locale, type MessageKey, type MessageParams } from '../contracts/messages/index.js';

export function liveError(code: ErrorCode, key: MessageKey, params: MessageParams, locale: Locale): QuarryError {
  return new QuarryError(code, message(key, params, locale), { key, ...params });
}
