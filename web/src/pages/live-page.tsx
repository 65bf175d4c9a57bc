/**
 * @module web/pages/live-page
 * Live search over the current tree with the ripgrep/fd tools
 * (search_content, list_files, find_and_grep) and their output formats,
 * the same arguments an agent sends. The form lives in the URL; the
 * answer is drawn by components/live-result (a listing table, matches with
 * context lines).
 */
import { useEffect, useState } from 'preact/hooks';
import { callTool, errorText } from '../api';
import { globMatch } from '../glob';
import { LiveResult } from '../components/live-result';
import { href, navigate } from '../router';

const TOOLS = ['search_content', 'find_and_grep', 'list_files'] as const;
const FORMATS = [
  { value: 'group_by_file', label: 'grouped by file' },
  { value: 'full', label: 'full (every match)' },
  { value: 'summary_only', label: 'summary' },
  { value: 'count_only_matches', label: 'counts per file' },
  { value: 'total_only', label: 'total only' },
] as const;

/** Lines shown around each match in the formats that list matches. */
const DEFAULT_CONTEXT = 2;
const CONTEXTS = ['0', '1', '2', '3'] as const;

function formOf(url: URL) {
  const p = url.searchParams;
  return {
    tool: (p.get('tool') ?? 'search_content') as (typeof TOOLS)[number], q: p.get('q') ?? '', roots: p.get('roots') ?? '.',
    format: p.get('format') ?? 'group_by_file', case: p.get('case') ?? 'smart', glob: p.get('glob') ?? '', literal: p.get('literal') === '1',
    context: p.get('context') ?? String(DEFAULT_CONTEXT),
  };
}
type Form = ReturnType<typeof formOf>;

export function argumentsOf(form: Form): Record<string, unknown> {
  const roots = form.roots.split(',').map((r) => r.trim()).filter(Boolean);
  if (form.tool === 'list_files') {
    // fd takes one name pattern: the regex when there is one, else the glob.
    // A bare-extension glob ("*.py") goes along as fd's extension filter; any
    // other glob next to a regex is checked on the page (pageGlob).
    const args: Record<string, unknown> = { roots, absolute: false };
    const extension = bareExtension(form.glob);
    if (form.q) args.pattern = form.q;
    else if (form.glob && !extension) { args.pattern = form.glob; args.glob = true; }
    if (extension) args.extensions = [extension];
    return args;
  }
  const grep: Record<string, unknown> = { query: form.q, roots, case: form.case };
  if (form.literal) grep.fixed_strings = true;
  if (form.format !== 'full') grep[form.format] = true;
  const context = Number(form.context);
  if ((form.format === 'full' || form.format === 'group_by_file') && context > 0) { grep.context_before = context; grep.context_after = context; }
  if (form.tool === 'search_content' && form.glob) grep.include_globs = [form.glob];
  if (form.tool === 'find_and_grep' && form.glob) { grep.pattern = form.glob; grep.glob = true; }
  return grep;
}

/** "py" for "*.py": a glob fd's extension filter says exactly; null for any other glob. */
function bareExtension(glob: string): string | null {
  const match = /^\*\.([A-Za-z0-9_]+)$/.exec(glob.trim());
  return match ? match[1]! : null;
}

/** The glob list_files could not send to fd (it already carries the regex), checked on the listed paths here. */
export function pageGlob(form: Form): string | null {
  return form.tool === 'list_files' && form.q && form.glob && !bareExtension(form.glob) ? form.glob.trim() : null;
}

export function LivePage({ url }: { url: URL }) {
  const form = formOf(url);
  const [draft, setDraft] = useState(form);
  const [result, setResult] = useState<unknown>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = url.search;
  useEffect(() => { setDraft(form); }, [key]);
  useEffect(() => {
    if (!form.q && form.tool !== 'list_files') { setResult(null); return; }
    let live = true;
    setBusy(true); setError(null);
    callTool(form.tool, argumentsOf(form))
      .then((r) => { if (live) setResult(r); })
      .catch((e) => { if (live) { setResult(null); setError(errorText(e)); } })
      .finally(() => { if (live) setBusy(false); });
    return () => { live = false; };
  }, [key]);
  const field = (name: keyof Form) => (e: Event) => {
    const el = e.target as HTMLInputElement;
    setDraft({ ...draft, [name]: el.type === 'checkbox' ? el.checked : el.value });
  };
  const submit = (e: Event) => { e.preventDefault(); navigate(href('/live', { ...draft, literal: draft.literal ? '1' : '' })); };
  return (
    <section aria-labelledby="live-title">
      <h1 id="live-title">Live search</h1>
      <p class="muted">ripgrep and fd over the served folder, as it is now (no index).</p>
      <form class="live-form" onSubmit={submit}>
        <label>Tool <select value={draft.tool} onChange={field('tool')}>{TOOLS.map((t) => <option key={t} value={t}>{t}</option>)}</select></label>
        <label>{draft.tool === 'list_files' ? 'File name pattern (regex)' : 'Pattern'}
          <input type="text" data-search-box value={draft.q} onInput={field('q')} spellcheck={false} /></label>
        <label>Roots (comma-separated) <input type="text" value={draft.roots} onInput={field('roots')} /></label>
        <label>{draft.tool === 'search_content' ? 'Include glob' : 'File glob'} <input type="text" value={draft.glob} onInput={field('glob')} placeholder="*.ts" /></label>
        {draft.tool !== 'list_files' && (
          <>
            <label>Output <select value={draft.format} onChange={field('format')}>{FORMATS.map((f) => <option key={f.value} value={f.value}>{f.label}</option>)}</select></label>
            <label>Context lines <select value={draft.context} onChange={field('context')}>{CONTEXTS.map((c) => <option key={c} value={c}>{c}</option>)}</select></label>
            <label>Case <select value={draft.case} onChange={field('case')}>
              <option value="smart">smart</option><option value="insensitive">insensitive</option><option value="sensitive">sensitive</option></select></label>
            <label class="check"><input type="checkbox" checked={draft.literal} onChange={field('literal')} /> Literal text</label>
          </>
        )}
        <button type="submit">Run</button>
      </form>
      <div role="status" aria-live="polite" class="status">{busy ? 'Running…' : ''}</div>
      {error && <p class="error" role="alert">{error}</p>}
      {result !== null && <LiveResult tool={form.tool} result={filtered(result, pageGlob(form))} />}
    </section>
  );
}

/** A list_files answer cut to the entries that match the page-side glob, saying how many it kept. */
function filtered(result: any, glob: string | null): any {
  if (!glob || !Array.isArray(result?.files)) return result;
  const files = result.files.filter((f: { path: string }) => globMatch(glob, f.path));
  return { ...result, files, count: files.length, page_glob: { glob, kept: files.length, of: result.files.length } };
}

