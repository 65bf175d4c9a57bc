/**
 * @module web/theme
 * Light and dark themes: the system's preference until the person picks one,
 * then their pick (localStorage). `?theme=dark` forces one (screenshots).
 */
export type Theme = 'light' | 'dark';
const KEY = 'quarry.theme';

export function currentTheme(): Theme {
  const forced = new URLSearchParams(location.search).get('theme');
  if (forced === 'light' || forced === 'dark') return forced;
  const saved = localStorage.getItem(KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme = currentTheme()): void {
  document.documentElement.dataset.theme = theme;
}

export function toggleTheme(): Theme {
  const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
  localStorage.setItem(KEY, next);
  applyTheme(next);
  return next;
}
