/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { API_CACHE, IMAGE_CACHE, isOfflineReadable } from '../lib/offline-cache';
import { appPath, notificationFromPush, type NavigateMessage } from '../lib/push-notification';

/**
 * Grip's service worker (built to /sw.js by vite-plugin-pwa):
 * - precaches the app shell (every built file) and answers a page address with it when the network
 *   cannot, so the app opens with no network;
 * - keeps the last answer of the person's own reads (lib/offline-cache.ts) and serves it only when
 *   the network fails, so requests, bookings and conversations can be read offline;
 * - shows web push notifications and opens the right screen when one is clicked.
 * The page empties the personal caches when the signed-in person changes (lib/offline-session.ts).
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** How long a page may take before the app shell answers instead (a connection that barely works). */
const PAGE_WAIT_MS = 4_000;

// Deep links and reloads: the server's page, drawn with the person's data (decision 024), while the
// network answers; the app shell when it does not, or not soon enough (the app then reads what the
// worker kept). The server's own paths never get either.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      const network = fetch(request);
      const late = new Promise<undefined>((resolve) => setTimeout(resolve, PAGE_WAIT_MS));
      const page = await Promise.race([network.catch(() => undefined), late]);
      return page ?? (await matchPrecache('/index.html')) ?? network;
    },
    { denylist: [/^\/api\//, /^\/uploads\//, /^\/healthz/, /^\/readyz/] },
  ),
);

// The network first, always: the cache only answers when there is no network.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isOfflineReadable(url.pathname),
  new NetworkFirst({
    cacheName: API_CACHE,
    // Answers vary by the session cookie, which a cache lookup cannot see; see offline-session.ts.
    matchOptions: { ignoreVary: true },
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * 24 * 60 * 60 }),
    ],
  }),
);

// Uploaded photos never change under their address (each upload gets a new name).
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.destination === 'image' && url.pathname.startsWith('/uploads/'),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 }),
    ],
  }),
);

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    data = null;
  }
  const shown = notificationFromPush(data);
  event.waitUntil(
    self.registration.showNotification(shown.title, {
      body: shown.body,
      tag: shown.tag,
      icon: '/logo.svg',
      badge: '/favicon.svg',
      data: { url: shown.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appPath((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        // An open tab navigates within the app (no reload); see lib/service-worker.ts.
        const focused = await open.focus();
        const message: NavigateMessage = { type: 'grip:navigate', url };
        focused.postMessage(message);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

/**
 * The push service replaced the subscription (keys rotated or expired): subscribe again with the
 * same server key and tell the server, so the device keeps getting pushes without a visit to
 * settings. The session cookie goes with this same-origin request.
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as PushSubscriptionChangeEvent;
  change.waitUntil(
    (async () => {
      const key = change.oldSubscription?.options.applicationServerKey;
      if (!key) return;
      const fresh = await self.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      });
      await fetch('/api/push/subscriptions', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(fresh.toJSON()),
      });
      if (change.oldSubscription) {
        await fetch('/api/push/subscriptions', {
          method: 'DELETE',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ endpoint: change.oldSubscription.endpoint }),
        });
      }
    })(),
  );
});

/** Not in TypeScript's webworker lib yet. */
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}
