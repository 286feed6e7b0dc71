import { useSyncExternalStore } from 'react';

/**
 * Light or dark (decision 034). By default Grip follows the system (the CSS's
 * `prefers-color-scheme`); a choice of Light or Dark made in Settings is kept on this device and shown
 * as `data-theme` on <html>, which the dark tokens and `dark:` utilities obey (styles.css).
 * public/theme.js applies a stored choice before the first paint with the same key and colours.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
export const THEME_STORAGE_KEY = 'grip:theme';
/** The browser's toolbar colour (<meta name="theme-color">) in each theme; index.html has both. */
export const THEME_COLOURS: Record<Theme, string> = { light: '#0f766e', dark: '#0f172a' };

const DARK_QUERY = '(prefers-color-scheme: dark)';

function readStoredChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function storeChoice(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage full or blocked: the choice holds until the page is closed.
  }
}

function systemQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY)
    : null;
}

/** The theme a choice comes to on this device now. */
export function resolveTheme(choice: ThemeChoice, systemIsDark: boolean): Theme {
  if (choice === 'system') return systemIsDark ? 'dark' : 'light';
  return choice;
}

/** Puts a choice on the page: `data-theme` on <html> (none for System) and the toolbar colour. */
export function applyTheme(choice: ThemeChoice, doc: Document = document) {
  const root = doc.documentElement;
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
  for (const meta of doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    // System: each tag keeps the colour of the scheme its media query names.
    const theme = choice === 'system' ? (/dark/.test(meta.media) ? 'dark' : 'light') : choice;
    meta.content = THEME_COLOURS[theme];
  }
}

let choice: ThemeChoice | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** This device's choice (System unless Light or Dark was chosen here). */
export function getThemeChoice(): ThemeChoice {
  choice ??= readStoredChoice();
  return choice;
}

/** Chooses, keeps the choice on this device and shows it at once. */
export function setThemeChoice(next: ThemeChoice) {
  choice = next;
  storeChoice(next);
  applyTheme(next);
  notify();
}

/** The theme shown now: the choice, or the system's when the choice is System. */
export function getTheme(): Theme {
  return resolveTheme(getThemeChoice(), systemQuery()?.matches ?? false);
}

/** Calls `listener` when the choice or the system's theme changes; returns the unsubscribe. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  const query = systemQuery();
  query?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener('change', listener);
  };
}

/**
 * From main.tsx: applies the stored choice (again, after public/theme.js) and follows a choice made
 * in another tab of this browser. Returns the stop, for tests.
 */
export function startTheme(): () => void {
  choice = readStoredChoice();
  applyTheme(choice);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    choice = readStoredChoice();
    applyTheme(choice);
    notify();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** For tests: forget the choice read, so the next read comes from storage. */
export function resetThemeForTests() {
  choice = null;
  listeners.clear();
}

/** The choice and the theme shown, kept current; the server draws System and light. */
export function useTheme(): { choice: ThemeChoice; theme: Theme; setChoice: (next: ThemeChoice) => void } {
  const current = useSyncExternalStore(subscribeTheme, getThemeChoice, () => 'system' as const);
  const theme = useSyncExternalStore(subscribeTheme, getTheme, () => 'light' as const);
  return { choice: current, theme, setChoice: setThemeChoice };
}
