/**
 * @module web/components/live-result
 * A live tool's answer as a person reads it: list_files as a table (path,
 * size, modified) whose files open in the file view and whose folders list
 * their own entries; search_content and find_and_grep matches per file with
 * their context lines, merged where they touch, gaps shown; the totals of
 * the counting formats; and always the tool's JSON answer, folded away
 * whenever there is a view of it.
 */
import { href, onLinkClick } from '../router';
import { folderHref } from './breadcrumbs';

interface Line { line_number: number; line: string }
interface LiveMatch extends Line { submatches?: { start: number; end: number }[]; before?: Line[]; after?: Line[] }
export interface Entry { path: string; is_dir: boolean; size_bytes: number | null; mtime: string | null }

/** group_by_file and full answers as files with their matches; null for the other formats. */
function groupsOf(result: any): { file: string; matches: LiveMatch[] }[] | null {
  if (Array.isArray(result?.files) && result.files.some((f: any) => Array.isArray(f.matches))) return result.files;
  if (Array.isArray(result?.matches)) {
    const groups = new Map<string, LiveMatch[]>();
    for (const m of result.matches) groups.set(m.file, [...(groups.get(m.file) ?? []), m]);
    return [...groups.entries()].map(([file, matches]) => ({ file, matches }));
  }
  return null;
}

/** A file's matching and context lines in line order, each once; a match wins over the same line as context. */
export function mergedLines(matches: readonly LiveMatch[]): (Line & { match?: LiveMatch })[] {
  const byNumber = new Map<number, Line & { match?: LiveMatch }>();
  for (const m of matches) {
    for (const c of [...(m.before ?? []), ...(m.after ?? [])]) if (!byNumber.has(c.line_number)) byNumber.set(c.line_number, c);
    byNumber.set(m.line_number, { line_number: m.line_number, line: m.line, match: m });
  }
  return [...byNumber.values()].sort((a, b) => a.line_number - b.line_number);
}

function Marked({ text, ranges }: { text: string; ranges: { start: number; end: number }[] }) {
  // Offsets from ripgrep are bytes; for the page's purpose (ASCII-heavy code) they mark the right span, else a near one.
  const parts = [];
  let at = 0;
  for (const r of ranges) {
    if (r.start < at) continue;
    parts.push(text.slice(at, r.start), <mark key={r.start}>{text.slice(r.start, r.end)}</mark>);
    at = r.end;
  }
  parts.push(text.slice(at));
  return <code>{parts}</code>;
}

function MatchLines({ file, matches }: { file: string; matches: LiveMatch[] }) {
  const rows = mergedLines(matches);
  return (
    <div class="code-scroll" tabIndex={0} aria-label={`${file}: ${matches.length} matching lines`}>
      <table class="code" role="presentation">
        <tbody>
          {rows.map((row, i) => {
            const gap = i > 0 && row.line_number > rows[i - 1]!.line_number + 1;
            return [
              gap && <tr key={`gap${row.line_number}`} class="gap"><td class="ln"><span>…</span></td><td class="src" /></tr>,
              <tr key={row.line_number} class={row.match ? 'match' : 'context'} data-line={row.line_number}>
                <td class="ln"><a href={href('/file', { path: file }, `#L${row.line_number}`)} onClick={onLinkClick} aria-label={`Line ${row.line_number}`}>{row.line_number}</a></td>
                <td class="src">{row.match ? <Marked text={row.line} ranges={row.match.submatches ?? []} /> : <code>{row.line || ' '}</code>}</td>
              </tr>,
            ];
          })}
        </tbody>
      </table>
    </div>
  );
}

export function formatSize(bytes: number | null): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) { value /= 1024; unit++; }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** "2026-11-28 15:47" in the reader's time zone, with the exact instant in the element's datetime. */
function Modified({ mtime }: { mtime: string | null }) {
  if (!mtime) return null;
  const d = new Date(mtime);
  const pad = (n: number) => String(n).padStart(2, '0');
  return <time dateTime={mtime}>{`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`}</time>;
}

/** `folders`: where a folder's link leads: its list_files in live search, or the folder browser. */
export function FileTable({ entries, folders = 'live', base = '' }: { entries: Entry[]; folders?: 'live' | 'browser'; base?: string }) {
  // Inside the folder browser, names are shown below the folder being browsed.
  const shown = (path: string) => (base && path.startsWith(`${base}/`) ? path.slice(base.length + 1) : path);
  const folderLink = (path: string) => (folders === 'browser' ? folderHref(path) : href('/live', { tool: 'list_files', roots: path }));
  return (
    <div class="table-scroll">
      <table class="grid listing" data-listing>
        <thead><tr><th scope="col">{base ? 'Name' : 'Path'}</th><th scope="col" class="num">Size</th><th scope="col">Modified</th></tr></thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.path}>
              <td class="path-cell">{e.is_dir
                ? <a href={folderLink(e.path.replace(/\/$/, ''))} onClick={onLinkClick}>{shown(e.path).replace(/\/?$/, '/')}</a>
                : <a href={href('/file', { path: e.path })} onClick={onLinkClick}>{shown(e.path)}</a>}</td>
              <td class="num">{e.is_dir ? '' : formatSize(e.size_bytes)}</td>
              <td><Modified mtime={e.mtime} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function LiveResult({ tool, result }: { tool: string; result: any }) {
  const listing = tool === 'list_files' && Array.isArray(result?.files) ? result.files as Entry[] : null;
  const groups = listing ? null : groupsOf(result);
  const total = typeof result === 'number' ? result : result?.total_matches ?? result?.total;
  return (
    <div class="live-result">
      {result?.page_glob && <p data-page-glob>{result.page_glob.kept} of {result.page_glob.of} listed entries match {result.page_glob.glob}</p>}
      {listing && <p data-live-total>{listing.length} {listing.length === 1 ? 'entry' : 'entries'}{typeof result.total === 'number' && result.total > listing.length ? ` of ${result.total}` : ''}{result.truncated ? ' (cut at the limit: narrow the pattern or the roots)' : ''}</p>}
      {!listing && typeof total === 'number' && <p data-live-total>Total: <strong>{total}</strong> matches{result?.file_count !== undefined ? ` in ${result.file_count} files` : ''}</p>}
      {result?.warnings?.map((w: string) => <p class="warning" key={w}>{w}</p>)}
      {listing && listing.length > 0 && <FileTable entries={listing} />}
      {groups && (
        <ol class="results">
          {groups.map((f) => (
            <li key={f.file} class="file">
              <h2 class="file-head">
                <a href={href('/file', { path: f.file })} onClick={onLinkClick}>{f.file}</a>
                <span class="muted"> · {f.matches.length} {f.matches.length === 1 ? 'match' : 'matches'}</span>
              </h2>
              <MatchLines file={f.file} matches={f.matches} />
            </li>
          ))}
        </ol>
      )}
      {typeof result !== 'number' && (
        <details open={!groups && !listing}>
          <summary>Tool answer (JSON)</summary>
          <pre class="json" tabIndex={0}>{JSON.stringify(result, null, 2)}</pre>
        </details>
      )}
    </div>
  );
}
