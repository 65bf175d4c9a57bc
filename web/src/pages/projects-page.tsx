/**
 * @module web/pages/projects-page
 * Projects over REST: the list comes live from /api/events/projects (so an
 * index build or an upload is watched as its counts grow), create and
 * delete, and file uploads one request per file with a progress bar.
 * Errors show the server's catalogue message as it is.
 */
import { useEffect, useState } from 'preact/hooks';
import { errorText, request, subscribe } from '../api';

interface Project {
  id: string; name: string; kind: string; folder: string | null; files: number; messages: number; chunks: number;
  index_version: number; state: 'indexing' | 'ready' | 'failed'; message?: string; code?: string;
}

export function ProjectsPage() {
  const [projects, setProjects] = useState<Project[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [folder, setFolder] = useState('');
  const [target, setTarget] = useState('');
  const [upload, setUpload] = useState<{ done: number; total: number; failed: string[] } | null>(null);

  useEffect(() => subscribe('/api/events/projects', (_event, data) => setProjects(data.projects), (e) => setError(errorText(e))), []);
  useEffect(() => {
    if (projects && !projects.some((p) => p.id === target)) setTarget(projects.find((p) => p.kind !== 'default')?.id ?? '');
  }, [projects]);

  const create = async (e: Event) => {
    e.preventDefault();
    setError(null); setNotice(null);
    try {
      const body: Record<string, string> = {};
      if (name.trim()) body.name = name.trim();
      if (folder.trim()) body.folder = folder.trim();
      const made = await request<Project>('/api/projects', { body });
      setNotice(`Created ${made.name} (${made.id}).`);
      setName(''); setFolder('');
      setTarget(made.id);
    } catch (err) { setError(errorText(err)); }
  };
  const remove = async (project: Project) => {
    if (!window.confirm(`Delete project ${project.name} and its index?`)) return;
    setError(null);
    try { await request(`/api/projects/${project.id}`, { method: 'DELETE' }); setNotice(`Deleted ${project.name}.`); } catch (err) { setError(errorText(err)); }
  };
  const send = async (e: Event) => {
    e.preventDefault();
    const input = (e.target as HTMLFormElement).elements.namedItem('files') as HTMLInputElement;
    const files = [...(input.files ?? [])];
    if (!target || files.length === 0) return;
    const state = { done: 0, total: files.length, failed: [] as string[] };
    setUpload({ ...state });
    for (const file of files) {
      try {
        await request(`/api/projects/${target}/files`, { body: { path: file.webkitRelativePath || file.name, content: await file.text() } });
      } catch (err) { state.failed.push(`${file.name}: ${errorText(err)}`); }
      state.done += 1;
      setUpload({ ...state, failed: [...state.failed] });
    }
    input.value = '';
  };

  return (
    <section aria-labelledby="projects-title">
      <h1 id="projects-title">Projects</h1>
      {error && <p class="error" role="alert">{error}</p>}
      <div role="status" aria-live="polite">{notice}</div>
      <table class="grid" aria-label="Projects">
        <thead><tr><th scope="col">Name</th><th scope="col">Id</th><th scope="col">Kind</th><th scope="col">State</th><th scope="col">Files</th><th scope="col">Chunks</th><th scope="col">Index version</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
        <tbody>
          {projects === null ? <tr><td colSpan={8}>Loading…</td></tr> : projects.map((p) => (
            <tr key={p.id} data-project={p.id}>
              <td>{p.name}{p.folder ? <div class="muted small">{p.folder}</div> : null}</td>
              <td><code>{p.id}</code></td>
              <td>{p.kind}</td>
              <td data-state>{p.state === 'failed' ? <span class="error">failed: {p.message}</span> : p.state}</td>
              <td data-files>{p.files}</td>
              <td data-chunks>{p.chunks}</td>
              <td>{p.index_version}</td>
              <td>{p.kind !== 'default' && <button type="button" onClick={() => void remove(p)} aria-label={`Delete ${p.name}`}>Delete</button>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="two">
        <form class="card" onSubmit={(e) => void create(e)} aria-labelledby="create-title">
          <h2 id="create-title">New project</h2>
          <label>Name <input type="text" value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} /></label>
          <label>Folder to index (optional, inside the allowed roots) <input type="text" value={folder} onInput={(e) => setFolder((e.target as HTMLInputElement).value)} /></label>
          <button type="submit">Create</button>
        </form>
        <form class="card" onSubmit={(e) => void send(e)} aria-labelledby="upload-title">
          <h2 id="upload-title">Upload files</h2>
          <label>Project <select value={target} onChange={(e) => setTarget((e.target as HTMLSelectElement).value)}>
            <option value="">choose…</option>
            {projects?.filter((p) => p.kind !== 'default').map((p) => <option key={p.id} value={p.id}>{p.name} ({p.id})</option>)}
          </select></label>
          <label>Files <input type="file" name="files" multiple /></label>
          <button type="submit" disabled={!target}>Upload</button>
          {upload && (
            <div class="upload-progress">
              <label>Uploaded {upload.done} of {upload.total} <progress max={upload.total} value={upload.done} /></label>
              {upload.failed.map((f) => <p key={f} class="error">{f}</p>)}
            </div>
          )}
        </form>
      </div>
    </section>
  );
}
