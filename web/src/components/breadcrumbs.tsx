/**
 * @module web/components/breadcrumbs
 * A path as links: the project root, then each folder down to the file or
 * folder shown, every folder opening the folder browser. The last part is
 * the current page, not a link.
 */
import { href, onLinkClick } from '../router';

export function folderHref(folder: string): string {
  return href('/folder', { path: folder || '.' });
}

export function Breadcrumbs({ path }: { path: string }) {
  const parts = path === '.' ? [] : path.split('/').filter(Boolean);
  return (
    <nav aria-label="Breadcrumb" class="crumbs">
      <ol>
        <li>{parts.length === 0 ? <span aria-current="page">root</span> : <a href={folderHref('.')} onClick={onLinkClick}>root</a>}</li>
        {parts.map((part, i) => (
          <li key={i}>
            {i === parts.length - 1 ? <span aria-current="page">{part}</span>
              : <a href={folderHref(parts.slice(0, i + 1).join('/'))} onClick={onLinkClick}>{part}</a>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
