/**
 * @module web/components/code-lines
 * Numbered, syntax-coloured source lines with match highlights. In the
 * file view line numbers are anchors (#L12); in search results the hit's
 * own link leads there, so its numbers are plain text. The HTML comes from
 * highlight.js (escaped source) plus our own <mark>/<span> tags only.
 */
import { useMemo } from 'preact/hooks';
import { highlightLines, markRanges } from '../highlight';


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
}

export function CodeLines(props: CodeLinesProps) {
  const lines = useMemo(() => highlightLines(props.text, props.language, props.file), [props.text, props.language, props.file]);
  return (
    <table class="code" role="presentation">
      <tbody>
        {lines.map((html, index) => {
          const n = props.firstLine + index;
          const ranges = props.highlights?.[String(n)] ?? [];
          const selected = props.selected && n >= props.selected[0] && n <= props.selected[1];
          const target = `#L${n}`;
          return (
            <tr key={n} id={props.linkTo === 'anchor' ? `L${n}` : undefined} class={selected ? 'sel' : undefined}>
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
