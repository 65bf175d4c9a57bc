import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { detectEncoding, normalizeEncoding, ripgrepEncoding } from './encoding.js';

describe('encoding names (the live-search contract\'s table)', () => {
  it.each([
    ['Shift_JIS', 'shift-jis'], ['SJIS', 'shift-jis'], ['CP932', 'shift-jis'], ['shift-jis', 'shift-jis'],
    ['UTF-8', 'utf-8'], ['UTF8', 'utf-8'], ['latin-1', 'latin1'], ['ISO-8859-1', 'latin1'], ['latin1', 'latin1'],
    ['GBK', 'gbk'], ['GB2312', 'gbk'], ['ASCII', 'ascii'], ['UTF-16', 'utf-16'], ['EUC_JP', 'euc-jp'],
  ])('%s -> %s', (name, expected) => {
    expect(normalizeEncoding(name)).toBe(expected);
  });

  it('refuses UTF-32 (ripgrep cannot decode it) listing the accepted names', () => {
    expect(() => ripgrepEncoding('UTF-32', 'en')).toThrow(/Encoding "UTF-32" is not supported\. Use one of: utf-8/);
  });
});

describe('encoding detection (BOM, UTF-8, chardet > 70%, Latin-1)', () => {
  it.each([
    ['UTF-8 text', Buffer.from('héllo wörld クラス\n'), null],
    ['a UTF-16 file with a BOM (ripgrep reads it itself)', iconv.encode('クラス\n', 'utf-16le', { addBOM: true }), null],
    ['Shift_JIS', iconv.encode('日本語のテキストです。クラスの定義はここにあります。関数も検索できます。\n'.repeat(4), 'shift_jis'), 'shift-jis'],
    ['GBK', iconv.encode('这是一个函数的定义，函数名称在这里出现了很多次，中文文本。\n'.repeat(4), 'gbk'), 'gb18030'],
    ['a short Latin-1 line (falls back to latin1)', iconv.encode('café\n', 'latin1'), 'latin1'],
  ])('%s', (_name, bytes, expected) => {
    expect(detectEncoding(bytes)).toBe(expected);
  });
});
