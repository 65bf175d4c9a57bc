/**
 * @module web/router
 * A tiny history router: the page's state lives in the URL (path + query),
 * so every search, file and medicine view can be shared and reloaded.
 */
import { useEffect, useState } from 'preact/hooks';

const listeners = new Set<() => void>();
window.addEventListener('popstate', () => listeners.forEach((l) => l()));

export function navigate(url: string, options: { replace?: boolean } = {}): void {
  if (url === location.pathname + location.search + location.hash) return;
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  listeners.forEach((l) => l());
}

/** The current location; re-renders on navigation. */
export function useLocation(): URL {
  const [, setTick] = useState(0);
  useEffect(() => {
    const listener = () => setTick((t) => t + 1);
    listeners.add(listener);
    return () => { listeners.delete(listener); };
  }, []);
  return new URL(location.href);
}

/** Builds a path with query parameters, leaving out empty ones. */
export function href(path: string, params: Record<string, string | number | boolean | null | undefined>, hash = ''): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '' && value !== false) query.set(key, String(value));
  }
  const text = query.toString();
  return path + (text ? `?${text}` : '') + hash;
}

/** Same-page navigation for plain left clicks; modified clicks open as the browser would. */
export function onLinkClick(event: MouseEvent): void {
  const anchor = (event.currentTarget as HTMLAnchorElement);
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(anchor.getAttribute('href') ?? '/');
}
