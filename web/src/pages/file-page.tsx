/**
 * @module web/pages/file-page
 * One whole file (GET /api/files/content) with line anchors: #L12 or
 * #L120-L140 (shift-click a second line number to extend), and the outline
 * of its symbols. Choosing a symbol asks find_references for its
 * definitions, callers, subclasses and importers, shown in a panel that
 * stays in view while the code scrolls. The header (breadcrumbs to the
 * folder browser, language, size) stays at the top. A hidden or ignored file
 * (`.env`, a gitignored log) is refused by the server unless asked; the page
 * then offers a link that asks for it explicitly (hidden=true&no_ignore=true).
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError, callTool, errorText, request } from '../api';
import { Breadcrumbs } from '../components/breadcrumbs';
import { CodeLines } from '../components/code-lines';
import { href, onLinkClick } from '../router';

interface FileAnswer {
  path: string; language: string | null; size: number; text: string;
  symbols: { name: string; kind: string; container: string | null; start_line: number; end_line: number }[];
}
interface Refs {
  definitions: { file: string; line: number; end_line: number; kind: string; name: string }[];
  references: { file: string; line: number; kind: string; from: string | null; text: string }[];
  total: number;
}

/** #L12 or #L120-L140 as an inclusive range. */
export function parseRange(hash: string): [number, number] | null {
  const m = /^#L(\d+)(?:-L?(\d+))?$/.exec(hash);
  if (!m) return null;
  const a = Number(m[1]);
  const b = m[2] ? Number(m[2]) : a;
  return [Math.min(a, b), Math.max(a, b)];
}

const REFERENCE_KINDS = [
  { kind: 'calls', title: 'Callers' },
  { kind: 'extends', title: 'Subclasses' },
  { kind: 'implements', title: 'Implementations' },
  { kind: 'imports', title: 'Importers' },
] as const;

export function FilePage({ url }: { url: URL }) {
  const path = url.searchParams.get('path') ?? '';
  // The server's opt-ins, passed on as the page's own URL carries them.
  const optIn = url.searchParams.get('hidden') === 'true' && url.searchParams.get('no_ignore') === 'true';
  const [file, setFile] = useState<FileAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The refusal was for a hidden or ignored file (the server's `file_not_found`), not a missing one. */
  const [keptOut, setKeptOut] = useState(false);
  const [range, setRange] = useState(parseRange(location.hash));
  const [symbol, setSymbol] = useState<string | null>(null);

  useEffect(() => {
    setFile(null); setError(null); setKeptOut(false); setSymbol(null); setRange(parseRange(location.hash));
    request<FileAnswer>(href('/api/files/content', { path, hidden: optIn, no_ignore: optIn })).then(setFile).catch((e) => {
      setError(errorText(e));
      setKeptOut(e instanceof ApiError && e.slug === 'file_not_found' && !optIn);
    });
  }, [path, optIn]);
  useEffect(() => {
    const onHash = () => setRange(parseRange(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    if (!file || !range) return;
    document.getElementById(`L${range[0]}`)?.scrollIntoView({ block: 'center' });
  }, [file]);

  const pick = (line: number, event: MouseEvent) => {
    const next: [number, number] = event.shiftKey && range ? [Math.min(range[0], line), Math.max(range[1], line)] : [line, line];
    const hash = next[0] === next[1] ? `#L${next[0]}` : `#L${next[0]}-L${next[1]}`;
    history.replaceState(null, '', location.pathname + location.search + hash);
    setRange(next);
  };

  return (
    <section aria-labelledby="file-title" class="file-view">
      <div class="file-header">
        <h1 id="file-title" class="path">{path ? <Breadcrumbs path={path} /> : 'No file'}</h1>
        {file && <p class="muted">{file.language ?? 'text'} · {file.text.split('\n').length} lines · {file.size} bytes</p>}
      </div>
      {error && <p class="error" role="alert">{error}</p>}
      {keptOut && <p><a href={href('/file', { path, hidden: true, no_ignore: true })} onClick={onLinkClick}>Show this hidden or ignored file anyway</a></p>}
      {file && (
        <div class="file-layout">
          <nav class="outline" aria-label="Outline">
            <h2>Outline</h2>
            {file.symbols.length === 0 ? <p class="muted">No symbols indexed.</p> : (
              <ul>
                {file.symbols.map((s) => (
                  <li key={`${s.name}:${s.start_line}`}>
                    <button type="button" class="link" aria-pressed={symbol === s.name} onClick={() => { setSymbol(s.name); pick(s.start_line, new MouseEvent('click')); document.getElementById(`L${s.start_line}`)?.scrollIntoView({ block: 'center' }); }}>
                      <span class="kind">{s.kind}</span> <span class="name">{s.container ? `${s.container}.` : ''}{s.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </nav>
          <div class="file-body">
            {symbol && <References symbol={symbol} onClose={() => setSymbol(null)} />}
            <div class="code-scroll" tabIndex={0} aria-label={`Contents of ${file.path}`}>
              <CodeLines text={file.text} firstLine={1} file={file.path} language={file.language} selected={range} linkTo="anchor" onLineClick={pick} />
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

function References({ symbol, onClose }: { symbol: string; onClose: () => void }) {
  const [answers, setAnswers] = useState<(Refs | string)[] | null>(null);
  useEffect(() => {
    setAnswers(null);
    void Promise.all(REFERENCE_KINDS.map((k) => callTool<Refs>('find_references', { symbol, kind: k.kind, max_results: 50 }).catch((e) => errorText(e))))
      .then(setAnswers);
  }, [symbol]);
  const first = answers?.find((a): a is Refs => typeof a !== 'string');
  return (
    <aside class="refs" aria-labelledby="refs-title">
      <h2 id="refs-title">{symbol} <button type="button" class="link" onClick={onClose}>Close</button></h2>
      {!answers ? <p role="status">Looking up references…</p> : (
        <>
          <h3>Definitions</h3>
          <ul>{first?.definitions.map((d) => (
            <li key={`${d.file}:${d.line}`}><a href={href('/file', { path: d.file }, `#L${d.line}-L${d.end_line}`)} onClick={onLinkClick}>{d.file}:{d.line}</a> <span class="kind">{d.kind}</span> {d.name}</li>
          ))}</ul>
          {REFERENCE_KINDS.map((k, i) => {
            const a = answers[i]!;
            if (typeof a === 'string') return <p key={k.kind} class="error">{k.title}: {a}</p>;
            if (a.total === 0) return null;
            return (
              <div key={k.kind}>
                <h3>{k.title} ({a.total})</h3>
                <ul>{a.references.map((r) => (
                  <li key={`${r.file}:${r.line}`}>
                    <a href={href('/file', { path: r.file }, `#L${r.line}`)} onClick={onLinkClick}>{r.file}:{r.line}</a>
                    {r.from ? <span class="muted"> in {r.from}</span> : null} <code>{r.text}</code>
                  </li>
                ))}</ul>
              </div>
            );
          })}
          {answers.every((a) => typeof a !== 'string' && a.total === 0) && <p class="muted">No callers, subclasses or importers found.</p>}
        </>
      )}
    </aside>
  );
}
