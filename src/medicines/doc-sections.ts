/**
 * @module medicines/doc-sections
 * Splits a PIL or SPC into its numbered sections. Both follow the EU QRD
 * templates: a PIL has sections 1-6 ("1. Co je X a k čemu se používá"), an
 * SPC has 1-10 with subsections ("4.1 Terapeutické indikace"). A numbered
 * line starts a section only if its number follows the previous heading, so
 * numbered lists inside the text do not cut it apart.
 */

export interface DocSection {
  section: number;
  title: string;
  body: string;
}

const HEADING = /^(\d{1,2})(?:\.(\d{1,2}))?\.?\s+(\S.{0,200})$/;

/** Is `next` (major.minor) a plausible successor of the last heading? */
function follows(last: [number, number], next: [number, number]): boolean {
  const [lm, ln] = last;
  const [nm, nn] = next;
  if (nm === lm) return nn === ln + 1;
  return nm === lm + 1 && nn <= 1;
}

export function splitSections(lines: readonly string[]): DocSection[] {
  const sections: DocSection[] = [];
  let current: { title: string; body: string[] } = { title: '', body: [] };
  let last: [number, number] = [0, 0];
  const flush = () => {
    const body = current.body.join('\n').trim();
    if (current.title || body) sections.push({ section: sections.length, title: current.title, body });
  };
  for (const line of lines) {
    const m = HEADING.exec(line);
    const number: [number, number] | null = m ? [Number(m[1]), m[2] === undefined ? 0 : Number(m[2])] : null;
    if (m && number && follows(last, number)) {
      flush();
      current = { title: line, body: [] };
      last = number;
    } else {
      current.body.push(line);
    }
  }
  flush();
  return sections.map((s, i) => ({ ...s, section: i }));
}
