import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getTheme,
  getThemeChoice,
  resetThemeForTests,
  setThemeChoice,
  startTheme,
  THEME_STORAGE_KEY,
  useTheme,
} from './theme';

/** The system's colour scheme, as `matchMedia('(prefers-color-scheme: dark)')` reports it. */
function fakeSystem(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(() => list as unknown as MediaQueryList);
  return {
    listening: () => listeners.size,
    set(next: boolean) {
      dark = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

const html = () => document.documentElement;
const toolbarColours = () =>
  [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((m) => m.content);

beforeEach(() => {
  // As in index.html: one toolbar colour for each scheme.
  for (const [scheme, colour] of [
    ['light', '#0f766e'],
    ['dark', '#0f172a'],
  ]) {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = colour!;
    meta.media = `(prefers-color-scheme: ${scheme})`;
    document.head.append(meta);
  }
});

afterEach(() => {
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) meta.remove();
  html().removeAttribute('data-theme');
  localStorage.removeItem(THEME_STORAGE_KEY);
  resetThemeForTests();
});

describe('the theme store', () => {
  it('follows the system by default: no choice stored, no data-theme, the theme is the system’s', () => {
    fakeSystem(true);
    const stop = startTheme();
    expect(getThemeChoice()).toBe('system');
    expect(html().hasAttribute('data-theme')).toBe(false);
    expect(getTheme()).toBe('dark');
    expect(toolbarColours()).toEqual(['#0f766e', '#0f172a']);
    stop();
  });

  it('keeps a choice on this device and shows it on <html> and in the toolbar colour', () => {
    fakeSystem(false);
    setThemeChoice('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(html().dataset.theme).toBe('dark');
    expect(toolbarColours()).toEqual(['#0f172a', '#0f172a']);
    expect(getTheme()).toBe('dark');

    // The next visit starts from the stored choice.
    resetThemeForTests();
    html().removeAttribute('data-theme');
    const stop = startTheme();
    expect(getThemeChoice()).toBe('dark');
    expect(html().dataset.theme).toBe('dark');
    stop();

    setThemeChoice('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(html().dataset.theme).toBe('light');
    expect(toolbarColours()).toEqual(['#0f766e', '#0f766e']);
  });

  it('goes back to following the system when System is chosen', () => {
    fakeSystem(true);
    setThemeChoice('light');
    setThemeChoice('system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(html().hasAttribute('data-theme')).toBe(false);
    expect(toolbarColours()).toEqual(['#0f766e', '#0f172a']);
    expect(getTheme()).toBe('dark');
  });

  it('ignores a stored value that is not a theme', () => {
    fakeSystem(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    const stop = startTheme();
    expect(getThemeChoice()).toBe('system');
    expect(html().hasAttribute('data-theme')).toBe(false);
    stop();
  });

  it('follows the system as it changes while System is chosen, and not once a theme is chosen', () => {
    const system = fakeSystem(false);
    const { result, unmount } = renderHook(() => useTheme());
    expect(result.current).toMatchObject({ choice: 'system', theme: 'light' });

    act(() => system.set(true));
    expect(result.current).toMatchObject({ choice: 'system', theme: 'dark' });

    act(() => result.current.setChoice('light'));
    expect(result.current).toMatchObject({ choice: 'light', theme: 'light' });
    act(() => system.set(false));
    act(() => system.set(true));
    expect(result.current).toMatchObject({ choice: 'light', theme: 'light' });
    expect(html().dataset.theme).toBe('light');

    unmount();
    expect(system.listening()).toBe(0);
  });

  it('takes up a choice made in another tab of this browser', () => {
    fakeSystem(false);
    const stop = startTheme();
    const { result, unmount } = renderHook(() => useTheme());
    act(() => {
      localStorage.setItem(THEME_STORAGE_KEY, 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    });
    expect(result.current).toMatchObject({ choice: 'dark', theme: 'dark' });
    expect(html().dataset.theme).toBe('dark');
    unmount();
    stop();
  });
});

describe('public/theme.js, the script that runs before the first paint', () => {
  const script = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/theme.js'), 'utf8');
  const run = () => vm.runInNewContext(script, { localStorage, document });

  it('puts a stored Light or Dark on <html> and in the toolbar colour, with the store’s key', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    run();
    expect(html().dataset.theme).toBe('dark');
    expect(toolbarColours()).toEqual(['#0f172a', '#0f172a']);
    // The store reads the page the same way.
    expect(getThemeChoice()).toBe('dark');
  });

  it('leaves the page to the system when nothing (or nonsense) is stored', () => {
    run();
    expect(html().hasAttribute('data-theme')).toBe(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    run();
    expect(html().hasAttribute('data-theme')).toBe(false);
    expect(toolbarColours()).toEqual(['#0f766e', '#0f172a']);
  });
});
