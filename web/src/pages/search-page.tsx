/**
 * @module web/pages/search-page
 * Indexed search (search_code): the query and its filters live in the URL;
 * typing searches after a pause, Enter at once. Results are grouped by file
 * and dense (matching lines with a line of context, the whole chunk on
 * request; an exact or regex hit is its line with the context lines
 * search_code sends, merged with the file's next hit where they touch), pages follow next_cursor, and an empty answer shows the tool's suggestions
 * as links. `j`/`k` move through the hits. The path glob is checked on the
 * page (search_code has no path filter): the count says how many it kept.
 * Without a query it shows the home view (components/home).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { callTool, errorText, request } from '../api';
import { CodeLines } from '../components/code-lines';
import { Home } from '../components/home';
import { denseSegments, mergeTouching, occurrences, segmentLines } from '../dense';
import { globMatch } from '../glob';
import { href, navigate, onLinkClick } from '../router';
import { isTyping } from '../app';
import { whenIdle } from '../idle-queue';
import { servedTools } from '../served-tools';

interface Hit {
  id: string; file: string; repository: string; language: string | null; start_line: number; end_line: number;
  symbol?: string | null; snippet: string; snippet_start_line?: number; highlights?: Record<string, [number, number][]>;
  /** Exact and regex hits merged where their context lines touch (dense): the matched lines. */
  lines?: number[];
}
interface Answer {
  items: Hit[]; total: number; count: number; took_ms: number; next_cursor: string | null; mode: string;
  suggestions?: { did_you_mean: string[]; synonyms: string[]; hints: string[] }; warnings?: string[];
}

const MODES = ['auto', 'text', 'exact', 'regex'] as const;
const DEBOUNCE_MS = 250;
/** Hits rendered with the answer; the rest of the page follows in the next turn, so the answer shows sooner. */
const FIRST_HITS = 5;
/**
 * The facets: the languages and repositories the served folder's index
 * holds, with their file counts, most first (GET /api/projects); for
 * languages, the published tool schema's list when the projects cannot be
 * read.
 */
type Facet = { name: string; files: number | null }[];

async function facets(): Promise<{ languages: Facet; repositories: Facet }> {
  const entries = (counts: Record<string, number>) => Object.entries(counts).map(([name, files]) => ({ name, files }));
  try {
    const { projects } = await request<{ projects: { kind: string; languages?: Record<string, number>; repositories?: Record<string, number> }[] }>('/api/projects');
    const served = projects.find((p) => p.kind === 'default');
    if (served?.languages) return { languages: entries(served.languages), repositories: entries(served.repositories ?? {}) };
  } catch { /* fall back to the schema's list */ }
  const names: string[] = (await servedTools()).find((t) => t.name === 'search_code')?.input_schema?.properties?.language?.enum ?? [];
  return { languages: names.map((name) => ({ name, files: null })), repositories: [] };
}

function filtersOf(url: URL) {
  const p = url.searchParams;
  return { q: p.get('q') ?? '', mode: p.get('mode') ?? 'auto', case: p.get('case') ?? '', lang: p.get('lang') ?? '', repo: p.get('repo') ?? '', path: p.get('path') ?? '' };
}
type Filters = ReturnType<typeof filtersOf>;

export function SearchPage({ url }: { url: URL }) {
  const filters = filtersOf(url);
  const [draft, setDraft] = useState(filters.q);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [langs, setLangs] = useState<Facet>([]);
  const [repos, setRepos] = useState<Facet>([]);
  const box = useRef<HTMLInputElement>(null);
  const key = JSON.stringify(filters);

  // Asked again with each answer until the index has counted its languages: a page opened during a
  // first build (searches answer from its first stage) gets them once the build has them.
  const counted = langs.some((l) => l.files !== null);
  useEffect(() => {
    if (counted) return;
    void facets().then((f) => { setLangs(f.languages); setRepos(f.repositories); });
  }, [answer, counted]);
  // The text filters keep what is typed until it is committed (change), so a re-render while a search answers does not wipe it.
  const [repoDraft, setRepoDraft] = useState(filters.repo);
  const [pathDraft, setPathDraft] = useState(filters.path);
  // The query the box itself last put in the URL: that change must not reset the box, or a key typed
  // between the pause's navigation and this render would be lost.
  const typed = useRef<string | null>(null);
  useEffect(() => {
    if (filters.q !== typed.current) setDraft(filters.q);
    typed.current = null;
    setRepoDraft(filters.repo); setPathDraft(filters.path); setCursors([null]);
  }, [key]);
  useEffect(() => { if (!filters.q) box.current?.focus(); }, []);

  const cursor = cursors[cursors.length - 1] ?? null;
  useEffect(() => {
    if (!filters.q.trim()) { setAnswer(null); setError(null); return; }
    let live = true;
    setBusy(true);
    const args: Record<string, unknown> = { query: filters.q, mode: filters.mode, max_results: 20 };
    if (filters.case) args.case_sensitive = filters.case === 'sensitive';
    if (filters.lang) args.language = filters.lang;
    if (filters.repo) args.repository = filters.repo;
    if (cursor) args.cursor = cursor;
    callTool<Answer>('search_code', args)
      .then((a) => { if (live) { setAnswer(a); setError(null); } })
      .catch((e) => { if (live) { setAnswer(null); setError(errorText(e)); } })
      .finally(() => { if (live) setBusy(false); });
    return () => { live = false; };
  }, [key, cursor]);

  // Search as you type: the URL follows the box after a pause (replace, so Back skips keystrokes).
  useEffect(() => {
    if (draft === filters.q) return;
    const timer = setTimeout(() => { typed.current = draft; navigate(href('/', { ...filters, q: draft }), { replace: true }); }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.key !== 'j' && event.key !== 'k') || isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const hits = [...document.querySelectorAll<HTMLAnchorElement>('[data-hit]')];
      if (hits.length === 0) return;
      event.preventDefault();
      const at = hits.indexOf(document.activeElement as HTMLAnchorElement);
      const next = event.key === 'j' ? Math.min(at + 1, hits.length - 1) : Math.max(at - 1, 0);
      hits[next]!.focus();
      hits[next]!.scrollIntoView({ block: 'nearest' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const set = (change: Partial<Filters>) => navigate(href('/', { ...filters, q: draft, ...change }));
  const shown = answer ? answer.items.filter((h) => !filters.path || globMatch(filters.path, h.file)) : [];

  return (
    <section aria-labelledby="search-title">
      <h1 id="search-title" class="sr-only">Search code</h1>
      <form role="search" class="searchbar" onSubmit={(e) => { e.preventDefault(); set({ q: draft }); }}>
        <label class="sr-only" for="q">Search code</label>
        <input id="q" data-search-box ref={box} type="search" value={draft} placeholder="Search code (press / to focus)"
          autoComplete="off" spellcheck={false} onInput={(e) => setDraft((e.target as HTMLInputElement).value)} />
        <button type="submit">Search</button>
        <div class="filters">
          <label>Mode <select value={filters.mode} onChange={(e) => set({ mode: (e.target as HTMLSelectElement).value })}>
            {MODES.map((m) => <option key={m} value={m}>{m}</option>)}</select></label>
          <label>Case <select value={filters.case} onChange={(e) => set({ case: (e.target as HTMLSelectElement).value })}>
            <option value="">mode default</option><option value="sensitive">sensitive</option><option value="insensitive">insensitive</option></select></label>
          <label>Language <select value={filters.lang} onChange={(e) => set({ lang: (e.target as HTMLSelectElement).value })}>
            <option value="">any</option>
            {filters.lang && !langs.some((l) => l.name === filters.lang) && <option value={filters.lang}>{filters.lang}</option>}
            {langs.map((l) => <option key={l.name} value={l.name}>{l.files === null ? l.name : `${l.name} (${l.files})`}</option>)}</select></label>
          <datalist id="repository-facet">{repos.map((r) => <option key={r.name} value={r.name}>{r.files === null ? '' : `${r.files} files`}</option>)}</datalist>
          <label>Repository <input type="text" list="repository-facet" value={repoDraft} size={12}
            onInput={(e) => setRepoDraft((e.target as HTMLInputElement).value)}
            onChange={(e) => set({ repo: (e.target as HTMLInputElement).value.trim() })} /></label>
          <label>Path glob <input type="text" value={pathDraft} size={12} placeholder="src/**/*.ts"
            onInput={(e) => setPathDraft((e.target as HTMLInputElement).value)}
            onChange={(e) => set({ path: (e.target as HTMLInputElement).value.trim() })} /></label>
        </div>
      </form>
      <FilterChips filters={filters} onRemove={(change) => set(change)} />
      <div class="status" role="status" aria-live="polite">
        {busy ? 'Searching…' : error ? '' : answer ? (
          <span data-total>{answer.total} results{filters.path ? ` (${shown.length} of ${answer.count} on this page match ${filters.path})` : ''} in {answer.took_ms} ms · page {cursors.length}</span>
        ) : ''}
      </div>
      {error && <p class="error" role="alert">{error}</p>}
      {answer?.warnings?.map((w) => <p class="warning" key={w}>{w}</p>)}
      {!filters.q.trim() && <Home />}
      {answer && answer.total === 0 && <Suggestions answer={answer} filters={filters} />}
      <ResultList answer={answer} shown={shown} />
      {answer && (cursors.length > 1 || answer.next_cursor) && (
        <nav class="pager" aria-label="Pages">
          <button type="button" disabled={cursors.length <= 1} onClick={() => setCursors(cursors.slice(0, -1))}>Previous page</button>
          <button type="button" disabled={!answer.next_cursor} onClick={() => setCursors([...cursors, answer.next_cursor])}>Next page</button>
        </nav>
      )}
    </section>
  );
}

/**
 * The hits grouped by file, densely: each file's header (sticky while its
 * hits scroll by) with its match count, each hit with the symbol it sits in
 * and only its matching lines with a line of context, merged where they
 * touch; "Show all" opens the whole chunk. A new answer renders its first
 * hits at once and all of them in the next idle turn; that state lives here,
 * not in the page, so the second render leaves the search form (and what is
 * being typed in it) alone.
 */
function ResultList({ answer, shown }: { answer: Answer | null; shown: Hit[] }) {
  const [whole, setWhole] = useState<Answer | null>(null);
  useEffect(() => (answer ? whenIdle(() => setWhole(answer)) : undefined), [answer]);
  const groups = new Map<string, Hit[]>();
  for (const hit of shown.slice(0, whole === answer ? Infinity : FIRST_HITS)) groups.set(hit.file, [...(groups.get(hit.file) ?? []), hit]);
  const byLine = answer !== null && answer.mode !== 'text';
  return (
    <ol class="results" aria-label="Results by file">
      {[...groups.entries()].map(([file, found]) => {
        const hits: Hit[] = byLine ? mergeTouching(found) : found;
        const matches = hits.reduce((sum, hit) => sum + occurrences(hit.highlights), 0);
        return (
          <li key={file} class="file">
            <h2 class="file-head">
              <a href={href('/file', { path: file })} onClick={onLinkClick}>{file}</a>
              <span class="muted" data-file-count> · {matches > 0 ? `${matches} ${matches === 1 ? 'match' : 'matches'}` : `${hits.length} ${hits.length === 1 ? 'hit' : 'hits'}`}
                {' · '}{hits[0]!.repository}{hits[0]!.language ? ` · ${hits[0]!.language}` : ''}</span>
            </h2>
            {hits.map((hit) => <DenseHit key={hit.id} hit={hit} />)}
          </li>
        );
      })}
    </ol>
  );
}

function DenseHit({ hit }: { hit: Hit }) {
  const [open, setOpen] = useState(false);
  if (hit.lines) return <LinesHit hit={hit} lines={hit.lines} />;
  const matchLines = Object.keys(hit.highlights ?? {}).map(Number);
  const segments = denseSegments(hit.start_line, hit.end_line, matchLines);
  const chunkLines = hit.end_line - hit.start_line + 1;
  const hidden = chunkLines - segmentLines(segments);
  const first = matchLines.length > 0 ? Math.min(...matchLines) : hit.start_line;
  return (
    <div class="hit">
      <div class="hit-bar">
        <a data-hit class="hit-link" href={href('/file', { path: hit.file }, `#L${hit.start_line}-L${hit.end_line}`)} onClick={onLinkClick}>
          {hit.symbol ? <span class="sym">{hit.symbol}</span> : `Line ${first}`}
          {hit.start_line === hit.end_line ? (hit.symbol ? <span class="muted"> · line {hit.start_line}</span> : null)
            : <span class="muted"> · lines {hit.start_line}–{hit.end_line}</span>}
        </a>
        {hidden > 1 && (
          <button type="button" class="link more" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Show only the matching lines' : `Show all ${chunkLines} lines`}
          </button>
        )}
      </div>
      <div class="code-scroll" tabIndex={0} aria-label={`${hit.file} lines ${hit.start_line} to ${hit.end_line}`}>
        <CodeLines text={hit.snippet} firstLine={hit.start_line} file={hit.file} language={hit.language} highlights={hit.highlights}
          linkTo="file" deferColour segments={open || hidden <= 1 ? undefined : segments} />
      </div>
    </div>
  );
}

/** Exact or regex hits (merged where they touch): their matched lines, each with the context lines search_code sent. */
function LinesHit({ hit, lines }: { hit: Hit; lines: number[] }) {
  const first = hit.snippet_start_line ?? hit.start_line;
  const last = first + hit.snippet.split('\n').length - 1;
  return (
    <div class="hit">
      <div class="hit-bar">
        <a data-hit class="hit-link" href={href('/file', { path: hit.file }, lines.length > 1 ? `#L${hit.start_line}-L${hit.end_line}` : `#L${hit.start_line}`)} onClick={onLinkClick}>
          {lines.length > 1 ? `Lines ${lines.join(', ')}` : `Line ${hit.start_line}`}
        </a>
      </div>
      <div class="code-scroll" tabIndex={0} aria-label={`${hit.file} lines ${first} to ${last}`}>
        <CodeLines text={hit.snippet} firstLine={first} file={hit.file} language={hit.language} highlights={hit.highlights} linkTo="file" deferColour />
      </div>
    </div>
  );
}

/** The filters in force as chips; each one's button takes it away. */
function FilterChips({ filters, onRemove }: { filters: Filters; onRemove: (change: Partial<Filters>) => void }) {
  const all: { label: string; value: string; change: Partial<Filters> }[] = [
    { label: 'language', value: filters.lang, change: { lang: '' } },
    { label: 'repository', value: filters.repo, change: { repo: '' } },
    { label: 'path', value: filters.path, change: { path: '' } },
  ];
  const chips = all.filter((c) => c.value !== '');
  if (chips.length === 0) return null;
  return (
    <ul class="chips" aria-label="Filters in force">
      {chips.map((c) => (
        <li key={c.label}>
          <button type="button" class="chip" onClick={() => onRemove(c.change)}>
            <span class="sr-only">Remove filter </span>{c.label}: <code>{c.value}</code> <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Suggestions({ answer, filters }: { answer: Answer; filters: Filters }) {
  const s = answer.suggestions;
  const words = [...(s?.did_you_mean ?? []), ...(s?.synonyms ?? [])];
  return (
    <div class="suggestions">
      <p>Nothing found for <strong>{filters.q}</strong>.</p>
      {words.length > 0 && (
        <p>Try: {words.map((w, i) => <span key={w}>{i > 0 ? ', ' : ''}<a href={href('/', { ...filters, q: w })} onClick={onLinkClick}>{w}</a></span>)}</p>
      )}
      {s?.hints.map((h) => <p key={h} class="muted">{h}</p>)}
      {filters.mode !== 'text' && <p><a href={href('/', { ...filters, mode: 'text' })} onClick={onLinkClick}>Search as words (text mode)</a></p>}
      {(filters.lang || filters.repo) && <p><a href={href('/', { q: filters.q, mode: filters.mode })} onClick={onLinkClick}>Search without filters</a></p>}
    </div>
  );
}
