/**
 * @module web/components/code-lines
 * Numbered, syntax-coloured source lines with match highlights. In the
 * file view line numbers are anchors (#L12); in search results the hit's
 * own link leads there, so its numbers are plain text. The HTML comes from
 * highlight.js (escaped source) plus our own <mark>/<span> tags only.
 * Search hits are shown plain first and coloured just after (deferColour):
 * colouring twenty snippets took most of the time before an answer showed.
 * A hit may show only some of its lines (segments), coloured as a whole so
 * a string or comment opened above a shown line still reads right.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { highlightLines, markRanges, plainLines } from '../highlight';
import { whenIdle } from '../idle-queue';

export interface CodeLinesProps {
  text: string;
  firstLine: number;
  file: string;
  language?: string | null;
  /** Match ranges per absolute line number. */
  highlights?: Record<string, [number, number][]>;
  /** Inclusive line range to show as selected. */
  selected?: [number, number] | null;
  /** 'anchor': line numbers are links to #Ln on this page (file view); 'file': plain numbers (search results). */
  linkTo: 'file' | 'anchor';
  onLineClick?: (line: number, event: MouseEvent) => void;
  /** Show the lines uncoloured at once and colour them once the page has painted. */
  deferColour?: boolean;
  /** Only these inclusive absolute line ranges, a dashed rule where lines are left out (dense search hits); all lines without. */
  segments?: readonly [number, number][];
}

export function CodeLines(props: CodeLinesProps) {
  const { text, language, file, deferColour } = props;
  // Colouring runs inside the idle task (not in the render it triggers), so its time is what the queue budgets.
  const [coloured, setColoured] = useState<{ text: string; lines: string[] } | null>(null);
  useEffect(() => (deferColour ? whenIdle(() => setColoured({ text, lines: highlightLines(text, language, file) })) : undefined),
    [deferColour, text, language, file]);
  const lines = useMemo(() => (deferColour ? (coloured?.text === text ? coloured.lines : plainLines(text)) : highlightLines(text, language, file)),
    [deferColour, coloured, text, language, file]);
  return (
    <table class="code" role="presentation">
      <tbody>
        {lines.map((html, index) => {
          const n = props.firstLine + index;
          const segment = props.segments?.findIndex(([from, to]) => n >= from && n <= to);
          if (segment === -1) return null;
          const gap = segment !== undefined && segment > 0 && n === props.segments![segment]![0];
          const ranges = props.highlights?.[String(n)] ?? [];
          const selected = props.selected && n >= props.selected[0] && n <= props.selected[1];
          const target = `#L${n}`;
          const classes = [selected && 'sel', gap && 'after-gap'].filter(Boolean).join(' ');
          return (
            <tr key={n} id={props.linkTo === 'anchor' ? `L${n}` : undefined} class={classes || undefined}>
              <td class="ln">
                {props.linkTo === 'anchor' ? (
                  <a href={target} aria-label={`Line ${n}`}
                    onClick={(e) => { if (props.onLineClick) { e.preventDefault(); props.onLineClick(n, e); } }}>{n}</a>
                ) : <span>{n}</span>}
              </td>
              <td class="src"><code dangerouslySetInnerHTML={{ __html: markRanges(html, ranges) || ' ' }} /></td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
