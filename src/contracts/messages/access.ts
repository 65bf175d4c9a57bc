/**
 * @module contracts/messages/access
 * Catalogue texts of the HTTP server's access caps: failed token checks,
 * event streams and the file view.
 */
import type { Catalogue } from './catalogue.js';

export const accessMessages = {
  'access.token_failures': {
    en: 'Too many requests with a wrong or missing bearer token from this client. Try again in {seconds} s with the right token.',
    cs: 'Příliš mnoho požadavků s chybným nebo chybějícím bearer tokenem z tohoto klienta. Zkuste to znovu za {seconds} s se správným tokenem.',
    ja: 'このクライアントから誤ったベアラートークン（またはトークンなし）の要求が多すぎます。{seconds} 秒後に正しいトークンでもう一度お試しください。',
  },
  'access.streams_open': {
    en: 'This client already has {open} event streams open (at most {max}). Close one (a browser tab of the page) and try again.',
    cs: 'Tento klient už má otevřeno {open} proudů událostí (nejvýše {max}). Jeden zavřete (kartu prohlížeče se stránkou) a zkuste to znovu.',
    ja: 'このクライアントはすでに {open} 本のイベントストリームを開いています（上限 {max}）。1 本（ページのブラウザタブ）を閉じてからもう一度お試しください。',
  },
  'access.streams_rate_limited': {
    en: 'Too many event streams opened. Try again in {seconds} s.',
    cs: 'Otevřeno příliš mnoho proudů událostí. Zkuste to znovu za {seconds} s.',
    ja: 'イベントストリームを開いた回数が多すぎます。{seconds} 秒後にもう一度お試しください。',
  },
  'access.file_view_rate_limited': {
    en: 'Too many file views. Try again in {seconds} s.',
    cs: 'Příliš mnoho zobrazení souborů. Zkuste to znovu za {seconds} s.',
    ja: 'ファイル表示の要求が多すぎます。{seconds} 秒後にもう一度お試しください。',
  },
} satisfies Catalogue;
