/**
 * The web project runs without isolation (vitest.config.ts, `isolate: false`): the files a worker runs
 * share one jsdom window. What a file may leave in that window is undone before the next file starts,
 * so no test sees another file's storage, cookies or stand-in browser APIs.
 */
type Pristine = Record<'geolocation' | 'serviceWorker', PropertyDescriptor | undefined>;
const holder = globalThis as { __gripPristineNavigator?: Pristine };

// Taken by the first file in the worker, before any test has replaced them.
holder.__gripPristineNavigator ??= {
  geolocation: Object.getOwnPropertyDescriptor(navigator, 'geolocation'),
  serviceWorker: Object.getOwnPropertyDescriptor(navigator, 'serviceWorker'),
};

export function resetSharedWindow(): void {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  const pristine = holder.__gripPristineNavigator!;
  for (const key of ['geolocation', 'serviceWorker'] as const) {
    const descriptor = pristine[key];
    if (descriptor) Object.defineProperty(navigator, key, descriptor);
    else delete (navigator as unknown as Record<string, unknown>)[key];
  }
  document.title = '';
}
