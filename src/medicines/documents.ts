/**
 * @module medicines/documents
 * get-pil-content / get-spc-content: the document's name, date and URL from
 * dlp_nazvydokumentu.csv, and its text by section when the PDF was imported
 * (or fetched, if online fetching is on). A `query` returns only the sections
 * that contain its words (FTS5, diacritics-insensitive); a `section` number
 * returns one section. Output is capped; sections past the cap are listed.
 */
import { catalogueError } from '../contracts/errors.js';
import { MEDICINES } from '../contracts/limits.js';
import type { Locale } from '../contracts/messages/index.js';
import { splitSections } from './doc-sections.js';
import { documentUrl } from './document-url.js';
import { fetchDocument, onlineFetchEnabled } from './fetch-document.js';
import { matchAll } from './fts-query.js';
import { words } from './normalize.js';
import { pdfLines } from './pdf-text.js';
import type { SectionRow } from './statements.js';
import type { MedicinesStore } from './store.js';

export interface DocumentQuery { sukl_code: string; section?: number; query?: string }

export async function documentContent(store: MedicinesStore, kind: 'pil' | 'spc', q: DocumentQuery, env: NodeJS.ProcessEnv, locale: Locale) {
  const s = store.statements;
  const product = s.productByCode.get(q.sukl_code);
  const docs = s.documents.get(q.sukl_code);
  if (!product && !docs) throw catalogueError('NOT_FOUND', { key: 'medicines.not_found', params: { code: q.sukl_code } }, locale, { sukl_code: q.sukl_code });
  store.requirePart('documents', locale);
  const file = kind === 'pil' ? docs?.pil : docs?.spc;
  if (!file) throw catalogueError('NOT_FOUND', { key: 'medicines.document_missing', params: { code: q.sukl_code, kind: kind.toUpperCase() } }, locale, { sukl_code: q.sukl_code });
  const url = documentUrl(file, kind, env);
  const key = file.toLowerCase();
  let sections = s.documentSections.all(key);
  let fetched = false;
  if (sections.length === 0 && onlineFetchEnabled(env)) {
    const parsed = splitSections(await pdfLines(await fetchDocument(url, { locale }), url));
    storeSections(store, key, parsed);
    sections = s.documentSections.all(key);
    fetched = true;
  }
  const selected = selectSections(store, key, sections, q);
  const { shown, omitted } = capSections(selected);
  return {
    ok: true as const,
    sukl_code: q.sukl_code,
    name: product?.name ?? null,
    document: kind.toUpperCase(),
    file,
    date: kind === 'pil' ? docs?.pil_date ?? null : docs?.spc_date ?? null,
    url,
    text_available: sections.length > 0,
    ...(fetched ? { fetched_online: true } : {}),
    ...(sections.length === 0 ? { text_note: textNote(env) } : {}),
    section_count: sections.length,
    ...(q.query !== undefined ? { query: q.query, matching_sections: selected.length } : {}),
    sections: shown.map((x) => ({ section: x.section, title: x.title, text: x.body })),
    ...(omitted.length > 0 ? { truncated: true, omitted_sections: omitted.map((x) => ({ section: x.section, title: x.title })) } : {}),
    data_set: store.dataSet(),
  };
}

function selectSections(store: MedicinesStore, key: string, sections: SectionRow[], q: DocumentQuery): SectionRow[] {
  if (q.section !== undefined) return sections.filter((x) => x.section === q.section);
  if (q.query === undefined) return sections;
  const terms = words(q.query);
  if (terms.length === 0) return [];
  const ids = new Set(store.statements.documentSearch.all({ file: key, match: matchAll(terms.map((t) => [t])) }).map((r) => r.id));
  return sections.filter((x) => ids.has(x.id));
}

function capSections(sections: SectionRow[]): { shown: SectionRow[]; omitted: SectionRow[] } {
  let used = 0;
  const shown: SectionRow[] = [];
  const omitted: SectionRow[] = [];
  for (const x of sections) {
    const size = x.title.length + x.body.length;
    if (shown.length > 0 && used + size > MEDICINES.documentMaxChars) omitted.push(x);
    else { shown.push(x); used += size; }
  }
  return { shown, omitted };
}

/**
 * Caches fetched text like imported text. A caller that fetched the same file
 * at the same time may have stored it first: then this one keeps those rows
 * (UNIQUE (file, section) would refuse a second copy anyway).
 */
function storeSections(store: MedicinesStore, key: string, sections: ReturnType<typeof splitSections>): void {
  const { documentInsert, documentFtsInsert, documentSections } = store.statements;
  store.db.transaction(() => {
    if (documentSections.get(key)) return;
    for (const x of sections) {
      const id = Number(documentInsert.run(key, x.section, x.title, x.body).lastInsertRowid);
      documentFtsInsert.run(id, x.title, x.body);
    }
  })();
}

function textNote(env: NodeJS.ProcessEnv): string {
  return onlineFetchEnabled(env)
    ? 'The PDF could not be read.'
    : 'The text is not in the local registry: import a folder holding the PDF (quarry medicines import DIR), or set QUARRY_SUKL_FETCH=1 to fetch it from SÚKL. The url above opens it.';
}
