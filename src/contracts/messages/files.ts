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
  'files.hidden': {
    en: '"{path}" is hidden (a name starting with "."); the file view leaves hidden files out, as search_content does. Add hidden=true to show it.',
    ja: '"{path}" は隠しファイルです（名前が "." で始まる）。ファイル表示は search_content と同じく隠しファイルを除外します。表示するには hidden=true を付けてください。',
    cs: '"{path}" je skrytý (název začíná „.“); zobrazení souboru skryté soubory vynechává stejně jako search_content. Chcete-li ho zobrazit, přidejte hidden=true.',
  },
  'files.ignored': {
    en: '"{path}" is left out by the ignore rules (.gitignore, .ignore, .quarryignore); the file view applies them, as search_content does. Add no_ignore=true to show it.',
    ja: '"{path}" は無視ルール（.gitignore、.ignore、.quarryignore）で除外されています。ファイル表示は search_content と同じくこれを適用します。表示するには no_ignore=true を付けてください。',
    cs: '"{path}" vynechávají pravidla ignorování (.gitignore, .ignore, .quarryignore); zobrazení souboru je uplatňuje stejně jako search_content. Chcete-li ho zobrazit, přidejte no_ignore=true.',
  },
  'files.upload_quota': {
    en: 'This upload of {bytes} bytes would take the project\'s uploaded content (files and messages) past its quota of {quota} bytes ({used} bytes stored). Replace uploaded files with smaller ones, or upload to another project.',
    ja: 'このアップロード（{bytes} バイト）により、プロジェクトにアップロードされた内容（ファイルとメッセージ）の合計が上限 {quota} バイトを超えます（保存済み {used} バイト）。アップロード済みのファイルをより小さいものに置き換えるか、別のプロジェクトにアップロードしてください。',
    cs: 'Toto nahrání o {bytes} bajtech by překročilo kvótu nahraného obsahu projektu (souborů a zpráv) {quota} bajtů (uloženo {used} bajtů). Nahraďte nahrané soubory menšími, nebo nahrávejte do jiného projektu.',
  },
} satisfies Catalogue;
