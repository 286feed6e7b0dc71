/// <reference lib="webworker" />
import { appPath, notificationFromPush, type NavigateMessage } from '../lib/push-notification';

/**
 * Grip's service worker: shows web push notifications and opens the right screen when one is
 * clicked. (Offline caching of the app shell is not here yet.) Built to /sw.js by vite-plugin-pwa.
 */
declare const self: ServiceWorkerGlobalScope;

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

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
