/**
 * @module web/components/home
 * What the search page shows before a query: the served projects with their
 * file and chunk counts and index state, live from /api/events/projects (an
 * index being built is watched as it grows), and a few example queries taken
 * from the index itself (GET /api/example-queries: the identifiers it
 * defines that the most files call), so a new user sees what to type.
 */
import { useEffect, useState } from 'preact/hooks';
import { request, subscribe } from '../api';
import { href, onLinkClick } from '../router';

interface Project { id: string; name: string; kind: string; folder: string | null; files: number; chunks: number; state: 'indexing' | 'ready' | 'failed'; message?: string }

export function Home() {
  const [projects, setProjects] = useState<Project[] | null>(null);
  const [examples, setExamples] = useState<string[]>([]);
  useEffect(() => subscribe('/api/events/projects', (_event, data) => setProjects(data.projects), () => setProjects([])), []);
  useEffect(() => {
    let live = true;
    request<{ queries: string[] }>('/api/example-queries')
      .then((answer) => { if (live) setExamples(answer.queries); })
      .catch(() => { /* no index yet: the projects list says so */ });
    return () => { live = false; };
  }, []);
  return (
    <div class="home">
      {examples.length > 0 && (
        <p data-examples>Try: {examples.map((q, i) => <span key={q}>{i > 0 ? ' · ' : ''}<a href={href('/', { q })} onClick={onLinkClick}><code>{q}</code></a></span>)}</p>
      )}
      <h2>Projects</h2>
      {projects === null ? <p class="muted">Loading…</p> : (
        <ul class="cards">
          {projects.map((p) => (
            <li key={p.id} class="card" data-home-project={p.id}>
              <strong>{p.name}</strong>{p.kind === 'default' ? <span class="muted"> (served folder)</span> : null}
              {p.folder && <div class="muted small path-line">{p.folder}</div>}
              <div data-counts>{p.files} {p.files === 1 ? 'file' : 'files'} · {p.chunks} chunks · <span data-state>{p.state === 'failed' ? <span class="error">failed: {p.message}</span> : p.state === 'indexing' ? 'indexing…' : 'ready'}</span></div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
