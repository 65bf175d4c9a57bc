/**
 * @module contracts/messages/input-text
 * Catalogue texts of values no index can take (contracts/bound-text), and
 * of a value the PostgreSQL store refused all the same.
 */
import type { Catalogue } from './catalogue.js';

export const inputTextMessages = {
  'input.nul_byte': {
    en: '{param} contains a NUL byte (U+0000); no indexed path, name or text holds one. Remove it, e.g. "login" instead of "log\\u0000in".',
    cs: '{param} obsahuje bajt NUL (U+0000); žádná indexovaná cesta, jméno ani text ho neobsahuje. Odstraňte ho, např. "login" místo "log\\u0000in".',
    ja: '{param} に NUL バイト（U+0000）が含まれています。インデックス内のパス・名前・テキストに NUL は含まれません。取り除いてください（例: "log\\u0000in" ではなく "login"）。',
  },
  'input.glob_range_reversed': {
    en: 'Path glob "{glob}" in {param} has the range {range} backwards, so it could match nothing; write its ends low to high: {fixed}.',
    cs: 'Vzor cesty "{glob}" v {param} má rozsah {range} obráceně, takže by neodpovídal ničemu; zapište krajní znaky od nižšího k vyššímu: {fixed}.',
    ja: '{param} のパスグロブ "{glob}" の範囲 {range} は逆順のため、何にも一致しません。小さい文字から大きい文字の順に書いてください: {fixed}。',
  },
  'store.input_refused': {
    en: 'PostgreSQL at {store} refused a value of this request as data it cannot compare; nothing was read. Check the filters and names for unusual characters and try again.',
    cs: 'PostgreSQL na {store} odmítl hodnotu tohoto požadavku jako data, která nedokáže porovnat; nic nebylo přečteno. Zkontrolujte ve filtrech a jménech neobvyklé znaky a zkuste to znovu.',
    ja: '{store} の PostgreSQL が、この要求の値を比較できないデータとして拒否しました。読み取りは行われていません。フィルターや名前に特殊な文字がないか確認して、もう一度お試しください。',
  },
} satisfies Catalogue;
