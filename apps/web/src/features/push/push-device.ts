import { PushKeySchema } from '@grip/domain';
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

/** The service worker registration, if this build registered one (production builds do). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/');
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

/** A label to tell devices apart, e.g. 'Chrome on Android'. */
export function deviceLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'this device';
  return `${browser} on ${system}`;
}

/** Asks the browser's permission, subscribes with the server's key and registers the device. */
export async function turnPushOn(): Promise<PushState> {
  const reg = await registration();
  if (!pushSupported() || !reg) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const { publicKey } = PushKeySchema.parse(await apiRequest('/api/push/key'));
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await apiRequest('/api/push/subscriptions', {
    method: 'POST',
    body: { ...subscription.toJSON(), deviceLabel: deviceLabel(navigator.userAgent) },
  });
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
    await apiRequest('/api/push/subscriptions', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
    }).catch(() => undefined);
    await subscription.unsubscribe();
  });
  await Promise.race([attempt.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3000))]);
}
