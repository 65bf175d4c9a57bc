/**
 * @module contracts/messages
 * The message catalogue: one `message(key, params, locale)` for every text a
 * user can see in an error or warning. Areas keep their keys in their own file.
 */
import type { Catalogue, Locale } from './catalogue.js';
import { LOCALES } from './catalogue.js';
import { accessMessages } from './access.js';
import { coreMessages } from './core.js';
import { embeddingsMessages } from './embeddings.js';
import { evalMessages } from './eval.js';
import { filesMessages } from './files.js';
import { liveMessages } from './live.js';
import { locateMessages } from './locate.js';
import { medicinesMessages } from './medicines.js';
import { httpMessages } from './http.js';
import { inputTextMessages } from './input-text.js';
import { searchCodeMessages } from './search-code.js';
import { serveMessages } from './serve.js';
import { storeMessages } from './store.js';
import { structureMessages } from './structure.js';

export type { Catalogue, Locale } from './catalogue.js';
export { LOCALES } from './catalogue.js';

const catalogue = {
  ...coreMessages,
  ...searchCodeMessages,
  ...locateMessages,
  ...liveMessages,
  ...medicinesMessages,
  ...httpMessages,
  ...evalMessages,
  ...storeMessages,
  ...embeddingsMessages,
  ...filesMessages,
  ...accessMessages,
  ...serveMessages,
  ...structureMessages,
  ...inputTextMessages,
} satisfies Catalogue;

export type MessageKey = keyof typeof catalogue;
export type MessageParams = Record<string, string | number | boolean | null | undefined>;

/** Fills `{name}` placeholders; an unknown placeholder stays visible rather than vanishing. */
export function format(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** Text of `key` in `locale`, falling back to English where no translation exists. */
export function message(key: MessageKey, params: MessageParams = {}, locale: Locale = 'en'): string {
  const texts: Catalogue[string] = catalogue[key];
  return format(texts[locale] ?? texts.en, params);
}

/** Whether `key` names a catalogue text. */
export function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(catalogue, key);
}

/** The locales a key has a text in (tests use it to keep the tool catalogues complete). */
export function localesOf(key: MessageKey): Locale[] {
  const texts: Catalogue[string] = catalogue[key];
  return LOCALES.filter((locale) => texts[locale] !== undefined);
}

/** Every key of the catalogue. */
export function messageKeys(): MessageKey[] {
  return Object.keys(catalogue) as MessageKey[];
}

/** Picks the locale from an explicit value, then QUARRY_LOCALE, then LANG; English otherwise. */
export function resolveLocale(explicit?: string | null, env: NodeJS.ProcessEnv = process.env): Locale {
  for (const candidate of [explicit, env.QUARRY_LOCALE, env.LC_ALL, env.LANG]) {
    const prefix = candidate?.slice(0, 2).toLowerCase();
    if (prefix && (LOCALES as readonly string[]).includes(prefix)) return prefix as Locale;
  }
  return 'en';
}
