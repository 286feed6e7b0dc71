import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while the browser hydrates a server-rendered screen, true afterwards (and
 * at once in a screen the browser draws itself): for what only the browser can draw, so the first
 * frame matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
