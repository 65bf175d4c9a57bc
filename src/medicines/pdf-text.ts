/**
 * @module medicines/pdf-text
 * Text of a PIL/SPC PDF, line by line, with pdfjs-dist's legacy build (runs on
 * Node 20 without a browser, a canvas or any download). Lines are rebuilt
 * from the text items' end-of-line marks and vertical positions.
 */
import { catalogueError } from '../contracts/errors.js';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

type PdfJs = typeof PdfJsModule;
let pdfjs: Promise<PdfJs> | null = null;

interface TextItemLike { str: string; hasEOL?: boolean; transform?: number[] }

export async function pdfLines(bytes: Uint8Array, label: string): Promise<string[]> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const lib = await pdfjs;
  try {
    const doc = await lib.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
    const lines: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let line = '';
      let lastY: number | null = null;
      for (const item of content.items as TextItemLike[]) {
        if (typeof item.str !== 'string') continue;
        const y = item.transform?.[5] ?? null;
        if (lastY !== null && y !== null && Math.abs(y - lastY) > 1 && line.trim()) { lines.push(line.trim()); line = ''; }
        line += item.str;
        lastY = y;
        if (item.hasEOL) { if (line.trim()) lines.push(line.trim()); line = ''; }
      }
      if (line.trim()) lines.push(line.trim());
      page.cleanup();
    }
    await doc.destroy();
    return lines.map((l) => l.replace(/\s+/g, ' '));
  } catch (error) {
    throw catalogueError('UNAVAILABLE', { key: 'medicines.pdf_unreadable', params: { file: label, reason: (error as Error).message } }, 'en', { file: label }, error);
  }
}
