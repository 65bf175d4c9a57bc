/**
 * @module contracts/messages/locate
 * Messages of the `locate` tool in English, Japanese and Czech.
 * Its validation failures use search_code's texts ("Validation failed: ..."),
 * since both are code tools; these are the texts only locate says.
 */
import type { Catalogue } from './catalogue.js';

export const locateMessages = {
  'locate.text_empty': {
    en: 'text cannot be empty or whitespace-only: pass the issue, stack trace or task to locate',
    ja: 'text を空や空白だけにすることはできません。場所を探したい issue、スタックトレース、タスクを渡してください',
    cs: 'text nesmí být prázdný ani obsahovat jen mezery: předejte issue, výpis zásobníku nebo úkol, který se má najít',
  },
  'locate.text_truncated': {
    en: 'text exceeded {max} characters and was truncated to {max}',
    ja: 'text が {max} 文字を超えたため、{max} 文字に切り詰めました',
    cs: 'text přesáhl {max} znaků a byl zkrácen na {max} znaků',
  },
  'locate.no_words': {
    en: 'text has no words, names or paths to locate by',
    ja: 'text に、場所を探す手がかりになる単語・名前・パスがありません',
    cs: 'text neobsahuje žádná slova, názvy ani cesty, podle kterých by se dalo hledat',
  },
  'locate.file_unreadable': {
    en: 'Cannot read the text file {file}',
    ja: 'テキストファイル {file} を読み込めません',
    cs: 'Textový soubor {file} nelze přečíst',
  },
  'locate.text_and_file': {
    en: 'Pass the text either as an argument or with --file, not both',
    ja: 'テキストは引数か --file のどちらか一方で指定してください',
    cs: 'Zadejte text buď jako argument, nebo přes --file, ne obojí',
  },
} satisfies Catalogue;
