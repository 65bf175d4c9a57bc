/**
 * @module medicines/csv
 * Reads one SÚKL CSV stream record by record: bytes are decoded from
 * windows-1250 (the open data's encoding; a UTF-8 BOM switches to UTF-8), and
 * parsed by csv-parse, which handles quoted fields with line breaks. The
 * first record is the header; records come back as objects keyed by it.
 */
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';

export interface CsvTable {
  header: string[];
  records: AsyncIterable<Record<string, string>>;
  /** Stops parsing early (a header was refused); safe to call after the end too. */
  close(): void;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Decodes windows-1250 unless the stream starts with a UTF-8 BOM. */
async function* decode(input: Readable): AsyncGenerator<string> {
  let decoder: ReturnType<typeof iconv.getDecoder> | null = null;
  for await (const chunk of input) {
    let bytes = chunk as Buffer;
    if (!decoder) {
      const utf8 = bytes.subarray(0, 3).equals(UTF8_BOM);
      decoder = iconv.getDecoder(utf8 ? 'utf8' : 'windows-1250');
      if (utf8) bytes = bytes.subarray(3);
    }
    const text = decoder.write(bytes);
    if (text) yield text;
  }
  const rest = decoder?.end();
  if (rest) yield rest;
}

/**
 * Opens a CSV table. Header names are trimmed and upper-cased (dlp_platnost.csv
 * has a lower-case header), so columns are always looked up by their SÚKL name.
 */
export async function readCsv(input: Readable, delimiter: string, maxRecordChars: number): Promise<CsvTable> {
  // max_record_size bounds the memory one record may take: a file with no line
  // ends (or one open quote) is refused instead of being buffered whole.
  const parser = parse({ delimiter, relax_column_count: false, relax_quotes: true, skip_empty_lines: true, bom: false, max_record_size: maxRecordChars });
  const decoded = decode(input);
  void (async () => {
    try {
      for await (const text of decoded) {
        if (!parser.write(text)) await new Promise((resolve) => parser.once('drain', resolve));
      }
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  const iterator = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const first = await iterator.next();
  const header = first.done ? [] : first.value.map((h) => h.trim().toUpperCase());
  async function* records(): AsyncGenerator<Record<string, string>> {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      const record: Record<string, string> = {};
      header.forEach((name, i) => { record[name] = next.value[i] ?? ''; });
      yield record;
    }
  }
  const close = () => {
    void iterator.return?.().catch(() => undefined);
    parser.destroy();
  };
  return { header, records: records(), close };
}

/** Guesses the delimiter of a header line: SCAU uses `|`, everything else `;`. */
export function sniffDelimiter(firstLine: string): string {
  const counts = [';', '|', ','].map((d) => [d, firstLine.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ';';
}
