/**
 * @module contracts/messages/files
 * Messages about reading files of the served tree for a request (the file
 * view) and about uploaded content (quota, where uploads are shown), in
 * English, Japanese and Czech.
 */
import type { Catalogue } from './catalogue.js';

export const filesMessages = {
  'files.not_regular': {
    en: '"{path}" is not a regular file (a named pipe, socket or device); only regular files are shown.',
    ja: '"{path}" は通常のファイルではありません（名前付きパイプ、ソケット、デバイス）。表示できるのは通常のファイルだけです。',
    cs: '"{path}" není běžný soubor (pojmenovaná roura, soket nebo zařízení); zobrazují se jen běžné soubory.',
  },
  'files.read_timeout': {
    en: 'Reading "{path}" took longer than {ms} ms and was given up. Try again later.',
    ja: '"{path}" の読み込みが {ms} ミリ秒を超えたため中止しました。しばらくしてから再試行してください。',
    cs: 'Čtení "{path}" trvalo déle než {ms} ms a bylo přerušeno. Zkuste to později.',
  },
} satisfies Catalogue;
