import { notifyManager, QueryClientContext, type Query, type QueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** navigator.onLine, kept current by the browser's online and offline events. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** A read TanStack Query holds back until the network returns (fetchStatus 'paused') with nothing to show. */
const isWaitingWithoutData = (query: Query) =>
  query.state.fetchStatus === 'paused' && query.state.data === undefined;

function hasWaitingWithoutData(client: QueryClient | undefined): boolean {
  return client?.getQueryCache().getAll().some(isWaitingWithoutData) ?? false;
}

/**
 * Whether the browser is offline while some read waits for data it never had: a page first opened
 * offline, whose answer neither this tab nor the service worker kept. Its placeholders would
 * otherwise pulse forever (issue 33 item 8). Once back online TanStack Query resumes the read by
 * itself, and this turns false. False outside a QueryClientProvider and while drawn on the server.
 */
export function useIsOfflineWithoutData(): boolean {
  const isOnline = useOnlineStatus();
  const client = useContext(QueryClientContext);
  const subscribeToQueries = useCallback(
    // Batched as TanStack's own hooks do: the cache also changes while components render.
    (onChange: () => void) =>
      client?.getQueryCache().subscribe(notifyManager.batchCalls(onChange)) ?? (() => {}),
    [client],
  );
  const isWaiting = useSyncExternalStore(
    subscribeToQueries,
    () => hasWaitingWithoutData(client),
    () => false,
  );
  return !isOnline && isWaiting;
}
