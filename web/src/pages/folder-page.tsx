/**
 * @module web/pages/folder-page
 * The folder browser: one folder's entries (list_files, one level deep,
 * paths relative to the root) as the listing table, under breadcrumbs;
 * folders open here, files in the file view. The folder lives in the URL.
 */
import { useEffect, useState } from 'preact/hooks';
import { callTool, errorText } from '../api';
import { Breadcrumbs } from '../components/breadcrumbs';
import { FileTable, type Entry } from '../components/live-result';

interface Listing { files: Entry[]; count: number; total: number | null; truncated: boolean }

export function FolderPage({ url }: { url: URL }) {
  const path = url.searchParams.get('path') || '.';
  const [listing, setListing] = useState<Listing | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setListing(null); setError(null);
    callTool<Listing>('list_files', { roots: [path], depth: 1, absolute: false, limit: 1000 })
      .then((answer) => { if (live) setListing(answer); })
      .catch((e) => { if (live) setError(errorText(e)); });
    return () => { live = false; };
  }, [path]);
  // Folders first, then files, each by name: how a file manager lists a folder.
  const entries = listing ? [...listing.files].sort((a, b) => Number(b.is_dir) - Number(a.is_dir) || a.path.localeCompare(b.path)) : [];
  return (
    <section aria-labelledby="folder-title" class="folder-view">
      <div class="file-header">
        <h1 id="folder-title" class="path"><Breadcrumbs path={path} /></h1>
        {listing && <p class="muted" data-folder-count>{listing.count} {listing.count === 1 ? 'entry' : 'entries'}{listing.truncated ? ' (cut at the limit)' : ''}</p>}
      </div>
      {error && <p class="error" role="alert">{error}</p>}
      {!listing && !error && <p role="status" class="status">Listing…</p>}
      {listing && (entries.length === 0 ? <p class="muted">This folder is empty.</p> : <FileTable entries={entries} folders="browser" base={path === '.' ? '' : path.replace(/\/$/, '')} />)}
    </section>
  );
}
