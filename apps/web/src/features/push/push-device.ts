import { deviceLabel, PushKeySchema } from '@grip/domain';
import { apiRequest } from '@/lib/api-client';

/**
 * Web push on this device: the browser's Push API on one side, Grip's subscription endpoints on the
 * other. Each user opts in per device; the server pushes to every device its user turned on.
 */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** How long to wait for the worker a production build registers on the page's load event. */
const REGISTRATION_WAIT_MS = 5000;

/**
 * The service worker registration, if this build has one. Production builds register it when the
 * page has loaded, which may be after settings ask: wait for it (bounded) rather than answer
 * 'unsupported' for good. Development builds have none.
 */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing || !import.meta.env.PROD) return existing;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), REGISTRATION_WAIT_MS)),
  ]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

export async function readPushState(): Promise<PushState> {
  if (!pushSupported() || !(await registration())) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks the browser's permission, subscribes with the server's key and registers the device. */
export async function turnPushOn(): Promise<PushState> {
  const reg = await registration();
  if (!pushSupported() || !reg) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const { publicKey } = PushKeySchema.parse(await apiRequest('/api/push/key'));
  const existing = await reg.pushManager.getSubscription();
  const subscription =
    existing ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  try {
    await apiRequest('/api/push/subscriptions', {
      method: 'POST',
      body: { ...subscription.toJSON(), deviceLabel: deviceLabel(navigator.userAgent) },
    });
  } catch (error) {
    // The server does not know this device: a browser subscription left behind would read as 'on'.
    if (!existing) await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return 'on';
}

/** Unsubscribes this device and tells the server to stop pushing to it. */
export async function turnPushOff(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await apiRequest('/api/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
    });
    await subscription.unsubscribe();
  }
  return Notification.permission === 'denied' ? 'blocked' : 'off';
}

/**
 * Before signing out: the next person on this device should not get this account's pushes. Best
 * effort and bounded, so a slow network never holds up signing out.
 */
export async function forgetPushBeforeSignOut(): Promise<void> {
  if (!pushSupported()) return;
  const attempt = currentSubscription().then(async (subscription) => {
    if (!subscription) return;
    // Both at once: the browser forgets the subscription even when the server is slow to hear of it.
    await Promise.all([
      apiRequest('/api/push/subscriptions', {
        method: 'DELETE',
        body: { endpoint: subscription.endpoint },
      }).catch(() => undefined),
      subscription.unsubscribe().catch(() => false),
    ]);
  });
  await Promise.race([attempt.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3000))]);
}
