/**
 * @module web/pages/structure-page
 * Structural search: an ast-grep pattern (and language, paths) sent to the
 * search_structure tool, the matches listed by file with their line, code and
 * captures, each a link into the file view. The form lives in the URL.
 */
import { useEffect, useState } from 'preact/hooks';
import { callTool, errorText } from '../api';
import { href, navigate, onLinkClick } from '../router';

const LANGUAGES = ['c', 'python', 'go', 'rust', 'typescript', 'tsx', 'javascript', 'html', 'css'] as const;

function formOf(url: URL) {
  const p = url.searchParams;
  return { q: p.get('q') ?? '', lang: p.get('lang') ?? 'c', paths: p.get('paths') ?? '', skip: Number(p.get('skip') ?? 0) || 0 };
}
type Form = ReturnType<typeof formOf>;

interface Match { file: string; start: { line: number; column: number }; end: { line: number; column: number }; text: string; captures: Record<string, string> }
interface Answer { matches: Match[]; total: number; total_partial?: true; count: number; next_skip: number | null; prefilter: { mode: string; word?: string; files_parsed: number }; warnings?: string[] }

export function argumentsOf(form: Form): Record<string, unknown> {
  const paths = form.paths.split(',').map((p) => p.trim()).filter(Boolean);
  return { pattern: form.q, language: form.lang, ...(paths.length > 0 ? { paths } : {}), ...(form.skip > 0 ? { skip: form.skip } : {}), max_results: 50 };
}

export function StructurePage({ url }: { url: URL }) {
  const form = formOf(url);
  const [draft, setDraft] = useState(form);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = url.search;
  useEffect(() => { setDraft(form); }, [key]);
  useEffect(() => {
    if (!form.q.trim()) { setAnswer(null); return; }
    let live = true;
    setBusy(true); setError(null);
    callTool<Answer>('search_structure', argumentsOf(form))
      .then((a) => { if (live) setAnswer(a); })
      .catch((e) => { if (live) { setAnswer(null); setError(errorText(e)); } })
      .finally(() => { if (live) setBusy(false); });
    return () => { live = false; };
  }, [key]);
  const field = (name: keyof Form) => (e: Event) => setDraft({ ...draft, [name]: (e.target as HTMLInputElement).value });
  const submit = (e: Event) => { e.preventDefault(); navigate(href('/structure', { ...draft, skip: 0 })); };
  const files = new Map<string, Match[]>();
  for (const m of answer?.matches ?? []) files.set(m.file, [...(files.get(m.file) ?? []), m]);
  return (
    <section aria-labelledby="structure-title">
      <h1 id="structure-title">Structural search</h1>
      <p class="muted">ast-grep patterns over the index: <code>$NAME</code> matches one node, <code>$$$NAME</code> any number.</p>
      <form class="live-form" onSubmit={submit}>
        <label>Pattern <textarea data-search-box rows={2} cols={48} value={draft.q} onInput={field('q')} spellcheck={false} placeholder="kmalloc_array($N, $S, $F)" /></label>
        <label>Language <select value={draft.lang} onChange={field('lang')}>{LANGUAGES.map((l) => <option key={l} value={l}>{l}</option>)}</select></label>
        <label>Paths (comma-separated) <input type="text" value={draft.paths} onInput={field('paths')} placeholder="src/, *.c" /></label>
        <button type="submit">Search</button>
      </form>
      <div role="status" aria-live="polite" class="status">{busy ? 'Searching…' : ''}</div>
      {error && <p class="error" role="alert">{error}</p>}
      {answer && (
        <div>
          <p data-structure-total>
            {answer.count} of {answer.total_partial ? 'at least ' : ''}{answer.total} matches
            {answer.prefilter.mode === 'literal' ? `, candidates by “${answer.prefilter.word}”` : ', every file of the language'} ({answer.prefilter.files_parsed} files parsed)
          </p>
          {(answer.warnings ?? []).map((w) => <p key={w} class="muted">{w}</p>)}
          <ol class="results">
            {[...files.entries()].map(([file, matches]) => (
              <li key={file} class="file">
                <h2 class="file-head"><a href={href('/file', { path: file })} onClick={onLinkClick}>{file}</a></h2>
                <ul class="plain">{matches.map((m) => (
                  <li key={`${m.start.line}:${m.start.column}`} data-structure-match>
                    <a href={href('/file', { path: file }, `#L${m.start.line}-L${m.end.line}`)} onClick={onLinkClick}>{m.start.line}:{m.start.column}</a>{' '}
                    <code>{m.text.split('\n')[0]}</code>
                    {Object.keys(m.captures).length > 0 && <span class="muted"> {Object.entries(m.captures).map(([k, v]) => `${k}=${v}`).join(' ')}</span>}
                  </li>
                ))}</ul>
              </li>
            ))}
          </ol>
          {answer.next_skip !== null && <p><a href={href('/structure', { ...form, skip: answer.next_skip })} onClick={onLinkClick}>Next matches</a></p>}
        </div>
      )}
    </section>
  );
}
