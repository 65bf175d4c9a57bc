/**
 * @module web/app
 * The page frame: a skip link, the navigation, the theme switch and the
 * current view chosen from the URL path. `/` focuses the search box from
 * anywhere but a text field. The medicines view is in the navigation only
 * when the server serves the medicines tools.
 */
import { useEffect, useState } from 'preact/hooks';
import { onLinkClick, useLocation } from './router';
import { servedTools } from './served-tools';
import { currentTheme, toggleTheme } from './theme';
import { SearchPage } from './pages/search-page';
import { FilePage } from './pages/file-page';
import { FolderPage } from './pages/folder-page';
import { LivePage } from './pages/live-page';
import { ProjectsPage } from './pages/projects-page';
import { MedicinesPage } from './pages/medicines-page';
import { StructurePage } from './pages/structure-page';

const NAV = [
  { path: '/', label: 'Search' },
  { path: '/structure', label: 'Structural search' },
  { path: '/live', label: 'Live search' },
  { path: '/projects', label: 'Projects' },
  { path: '/medicines', label: 'Léčiva (SÚKL)', lang: 'cs', group: 'medicines' },
] as const;

export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);
}

export function App() {
  const url = useLocation();
  const [theme, setTheme] = useState(currentTheme());
  const [groups, setGroups] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => { void servedTools().then((tools) => setGroups(new Set(tools.map((t) => t.group)))); }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '/' && !isTyping(event.target) && !event.ctrlKey && !event.metaKey) {
        const box = document.querySelector<HTMLInputElement>('[data-search-box]');
        if (box) { event.preventDefault(); box.focus(); box.select(); }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const page = url.pathname;
  const current = page === '/file' || page === '/folder' ? '/' : page;
  return (
    <>
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <a class="brand" href="/" onClick={onLinkClick}>Quarry</a>
        {/* data-groups-known: the served tools are known, so the navigation is complete. */}
        <nav aria-label="Main" data-groups-known={groups ? '' : undefined}>
          <ul>
            {NAV.filter((item) => !('group' in item) || groups?.has(item.group)).map((item) => (
              <li key={item.path}>
                <a href={item.path} onClick={onLinkClick} lang={'lang' in item ? item.lang : undefined}
                  aria-current={current === item.path ? 'page' : undefined}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" class="theme" aria-pressed={theme === 'dark'} onClick={() => setTheme(toggleTheme())}>
          {theme === 'dark' ? 'Light theme' : 'Dark theme'}
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        {page === '/file' ? <FilePage url={url} />
          : page === '/folder' ? <FolderPage url={url} />
          : page === '/structure' ? <StructurePage url={url} />
          : page === '/live' ? <LivePage url={url} />
          : page === '/projects' ? <ProjectsPage />
          : page === '/medicines' ? <MedicinesPage url={url} />
          : <SearchPage url={url} />}
      </main>
    </>
  );
}
