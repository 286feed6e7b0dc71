import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { preloadRegistered } from '@/lib/preloadable';
import { ASYNC_UTIL_TIMEOUT_MS, asyncWrapper, resetClock } from './clock';
import { consoleGuardState, recordConsoleError, resetConsoleGuard } from './console-guard';
import { resetSharedWindow } from './shared-window';

// Runs before each file: the window is shared by the files of a worker (see shared-window.ts).
resetSharedWindow();

// The ceiling of findBy* and waitFor (see clock.ts for why it is long and tests pass no shorter one),
// and a wrapper that works on a frozen fake clock too.
configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS, asyncWrapper });

// Dialog forms, settings cards and other parts load on first use (preloadable; docs/performance.md). Tests
// load every registered part before they start, so opening a dialog shows its fields at once; the loading
// states themselves are tested where they matter (router, lazy-dialog-body).
beforeAll(() => preloadRegistered(() => true));

/*
 * Browser APIs jsdom lacks, used by Radix (pointer capture, ResizeObserver), React Router
 * (scrollTo) and our media-query hook.
 */
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.setPointerCapture ??= () => {};

/**
 * Architecture rule 12: a test fails on an unexpected console.error (React warnings, act() misuse,
 * failed prop types...). A test that expects one calls `allowConsoleError()` from './console-guard'.
 */
beforeEach(() => {
  resetConsoleGuard();
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    recordConsoleError(args);
  });
});

afterEach(() => {
  cleanup();
  // A test that fakes the clock and fails half-way must not leave the next one on it.
  resetClock();
  // Sonner keeps toasts in a module-level store and replays active ones to a new Toaster.
  toast.dismiss();
  const { errors, allowed } = consoleGuardState();
  if (!allowed) {
    expect(
      errors.map((args) => args.map(String).join(' ')),
      'unexpected console.error',
    ).toEqual([]);
  }
});
