import type { Me } from '@grip/domain';
import type { QueryClient } from '@tanstack/react-query';
import { API_CACHE, PERSONAL_CACHES } from './offline-cache';
import { queryKeys } from './query-keys';

const OWNER_KEY = 'grip:offline-owner';

/**
 * The service worker keeps the person's reads (and the page keeps their unsent messages) for offline
 * use, keyed by address only: it cannot tell whose they are. So the page remembers whose they are
 * and empties them whenever that changes: on sign-out, session expiry, account deletion, or another
 * person signing in on this browser. An offline start reads /api/me from the same cache, so it keeps
 * the same owner and nothing is lost.
 */
export function connectOfflineSession(
  queryClient: QueryClient,
  onOwnerChange: (owner: string | null) => void,
) {
  const check = () => {
    const me = queryClient.getQueryData<Me | null>(queryKeys.me);
    if (me === undefined) return; // not known yet (loading, or offline with nothing cached)
    const owner = me?.user.id ?? null;
    if (readOwner() === owner) return;
    writeOwner(owner);
    onOwnerChange(owner);
    void clearPersonalCaches();
  };
  check();
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === JSON.stringify(queryKeys.me)) check();
  });
}

let clearing: Promise<void> = Promise.resolve();

export function clearPersonalCaches(): Promise<void> {
  if (typeof caches === 'undefined') return Promise.resolve();
  clearing = Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name))).then(
    () => undefined,
    (err: unknown) => console.warn('Could not empty the offline caches', err),
  );
  return clearing;
}

/** One API read a first screen was drawn from on the server: its address and its JSON answer. */
export interface OfflineRead {
  path: string;
  body: string;
}

/**
 * Keeps the reads a server-drawn first screen was made of where the service worker keeps the reads
 * the browser makes itself (sw.ts), so that the page still opens offline although the browser never
 * asked for its data. After any emptying for a change of owner, so none of it is lost to it.
 */
export async function keepForOffline(reads: readonly OfflineRead[]): Promise<void> {
  if (typeof caches === 'undefined' || reads.length === 0) return;
  await clearing;
  try {
    const cache = await caches.open(API_CACHE);
    await Promise.all(
      reads.map((read) =>
        cache.put(
          new Request(read.path),
          new Response(read.body, { headers: { 'content-type': 'application/json; charset=utf-8' } }),
        ),
      ),
    );
  } catch (err) {
    // Storage full or blocked: the page works online; the reads are kept on their next fetch.
    console.warn('Could not keep the first screen for offline use', err);
  }
}

/** Whether someone was signed in on this browser when the app last knew: a hint, never a permission. */
export function wasSignedInHere(): boolean {
  return typeof readOwner() === 'string';
}

function readOwner(): string | null | undefined {
  try {
    const stored = localStorage.getItem(OWNER_KEY);
    return stored === null ? undefined : (JSON.parse(stored) as string | null);
  } catch {
    return undefined;
  }
}

function writeOwner(owner: string | null) {
  try {
    localStorage.setItem(OWNER_KEY, JSON.stringify(owner));
  } catch {
    // Storage full or blocked: the caches are still emptied now, just again on the next change.
  }
}
