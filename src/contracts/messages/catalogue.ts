/**
 * @module contracts/messages/catalogue
 * Shape of a message catalogue: each key has an English text and optionally
 * Czech and Japanese ones. `{name}` placeholders are filled from parameters.
 */

export type Locale = 'en' | 'cs' | 'ja';

export const LOCALES: readonly Locale[] = ['en', 'cs', 'ja'];

export type MessageTexts = { en: string } & Partial<Record<Exclude<Locale, 'en'>, string>>;

export type Catalogue = Record<string, MessageTexts>;
