import { PUSH_MESSAGES } from '@grip/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { PushOptInCard } from './push-opt-in-card';

/*
 * A fake of the browser's Push API (jsdom has none): navigator.serviceWorker.getRegistration,
 * registration.pushManager.getSubscription/subscribe, subscription.unsubscribe/toJSON, and
 * Notification.permission/requestPermission. The server side is mockApi.
 */

// A 65-byte uncompressed P-256 point whose base64url has '-' and '_' (base64's '+' and '/') and no padding.
const VAPID_KEY_BYTES = [0x04, 0x00, 0x00, 0xfb, 0xef, 0xbe, 0xff, 0xff, 0xff, ...Array(56).keys()];
const VAPID_PUBLIC_KEY =
  'BAAA----____AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
const KEYS = { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) };
const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

class FakePushSubscription {
  readonly endpoint = ENDPOINT;
  constructor(private readonly manager: FakePushManager) {}
  unsubscribe = vi.fn(async () => {
    this.manager.current = null;
    return true;
  });
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: KEYS };
  }
}

class FakePushManager {
  current: FakePushSubscription | null = null;
  getSubscription = vi.fn(async () => this.current);
  subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    this.current = new FakePushSubscription(this);
    return this.current;
  });
}

interface FakeBrowserOptions {
  /** Notification.permission when the page loads. */
  permission?: NotificationPermission;
  /** What the permission prompt answers. */
  answer?: NotificationPermission;
  subscribed?: boolean;
  /** false: a build without a service worker (the dev server). */
  registered?: boolean;
}

function installPushBrowser({
  permission = 'default',
  answer = 'granted',
  subscribed = false,
  registered = true,
}: FakeBrowserOptions = {}) {
  const pushManager = new FakePushManager();
  if (subscribed) pushManager.current = new FakePushSubscription(pushManager);
  const registration = { scope: 'http://localhost/', pushManager };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  const serviceWorker = {
    getRegistration: vi.fn(async (_scope?: string) => (registered ? registration : undefined)),
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME_ON_ANDROID);
  vi.stubGlobal('PushManager', FakePushManager);
  vi.stubGlobal('Notification', notification);
  return { pushManager, notification, serviceWorker };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const pushApi = (overrides: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /api/push/key': { body: { publicKey: VAPID_PUBLIC_KEY } },
    'POST /api/push/subscriptions': { status: 201, body: { id: 'sub-1' } },
    'DELETE /api/push/subscriptions': { status: 204 },
    ...overrides,
  });

function renderCard() {
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <PushOptInCard />
    </Providers>,
  );
  return { user };
}

const status = () => screen.getByRole('status');
const button = (name: string) => screen.queryByRole('button', { name });

describe('PushOptInCard', () => {
  it('says the browser cannot do push, and offers no button, when the Push API is missing', async () => {
    const { calls } = pushApi();
    renderCard();
    expect(screen.getByText(PUSH_MESSAGES.label)).toBeTruthy();
    expect(await screen.findByText(PUSH_MESSAGES.unsupported)).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('treats a build without a service worker as unsupported', async () => {
    const { pushManager } = installPushBrowser({ registered: false });
    pushApi();
    renderCard();
    expect(await screen.findByText(PUSH_MESSAGES.unsupported)).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(pushManager.getSubscription).not.toHaveBeenCalled();
  });

  it('shows blocked, with no button, when notifications are already denied', async () => {
    installPushBrowser({ permission: 'denied' });
    pushApi();
    renderCard();
    expect(await screen.findByText(PUSH_MESSAGES.blocked)).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('turns push on: asks permission, subscribes with the server key, registers the device', async () => {
    const { pushManager, notification, serviceWorker } = installPushBrowser();
    const { calls } = pushApi();
    const { user } = renderCard();

    expect(await screen.findByText(PUSH_MESSAGES.disabled)).toBeTruthy();
    await user.click(button('Turn on')!);

    expect(await screen.findByText(PUSH_MESSAGES.enabled)).toBeTruthy();
    expect(button('Turn off')).toBeTruthy();
    expect(button('Turn on')).toBeNull();

    expect(serviceWorker.getRegistration).toHaveBeenCalledWith('/');
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toBeInstanceOf(Uint8Array);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(VAPID_KEY_BYTES);

    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/push/key',
      'POST /api/push/subscriptions',
    ]);
    expect(calls[1]!.body).toEqual({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: KEYS,
      deviceLabel: 'Chrome on Android',
    });
  });

  it('shows blocked and sends nothing when the permission prompt is denied', async () => {
    const { pushManager, notification } = installPushBrowser({ answer: 'denied' });
    const { calls } = pushApi();
    const { user } = renderCard();

    await user.click(await screen.findByRole('button', { name: 'Turn on' }));

    expect(await screen.findByText(PUSH_MESSAGES.blocked)).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('stays off, with the button still there, when the prompt is dismissed', async () => {
    const { pushManager } = installPushBrowser({ answer: 'default' });
    const { calls } = pushApi();
    const { user } = renderCard();

    await user.click(await screen.findByRole('button', { name: 'Turn on' }));

    await waitFor(() => expect(button('Turn on')?.hasAttribute('disabled')).toBe(false));
    expect(status().textContent).toBe(PUSH_MESSAGES.disabled);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('turns push off: tells the server which endpoint, then unsubscribes the browser', async () => {
    const { pushManager } = installPushBrowser({ permission: 'granted', subscribed: true });
    const subscription = pushManager.current!;
    const { calls, fetchMock } = pushApi();
    const { user } = renderCard();

    expect(await screen.findByText(PUSH_MESSAGES.enabled)).toBeTruthy();
    await user.click(button('Turn off')!);

    expect(await screen.findByText(PUSH_MESSAGES.disabled)).toBeTruthy();
    expect(button('Turn on')).toBeTruthy();
    expect(calls).toEqual([
      { method: 'DELETE', path: '/api/push/subscriptions', body: { endpoint: ENDPOINT } },
    ]);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    // The server forgets the device before the browser drops the endpoint.
    expect(fetchMock.mock.invocationCallOrder[0]).toBeLessThan(
      subscription.unsubscribe.mock.invocationCallOrder[0]!,
    );
    expect(pushManager.current).toBeNull();
  });

  it('keeps it on, with a failure toast, when the server cannot forget the device', async () => {
    const { pushManager } = installPushBrowser({ permission: 'granted', subscribed: true });
    const subscription = pushManager.current!;
    pushApi({
      'DELETE /api/push/subscriptions': {
        status: 500,
        body: { error: 'internal', message: 'Server hiccup.' },
      },
    });
    const { user } = renderCard();

    await user.click(await screen.findByRole('button', { name: 'Turn off' }));

    expect(await screen.findByText(PUSH_MESSAGES.failed)).toBeTruthy();
    expect(screen.getByText('Server hiccup.')).toBeTruthy();
    expect(status().textContent).toBe(PUSH_MESSAGES.enabled);
    expect(subscription.unsubscribe).not.toHaveBeenCalled();
  });

  it('shows the failure toast and does not claim push is on when registering the device fails', async () => {
    installPushBrowser();
    const { calls } = pushApi({
      'POST /api/push/subscriptions': {
        status: 400,
        body: { error: 'invalid', message: 'The push endpoint must use https.' },
      },
    });
    const { user } = renderCard();

    await user.click(await screen.findByRole('button', { name: 'Turn on' }));

    expect(await screen.findByText(PUSH_MESSAGES.failed)).toBeTruthy();
    expect(screen.getByText('The push endpoint must use https.')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/push/subscriptions');
    await waitFor(() => expect(button('Turn on')?.hasAttribute('disabled')).toBe(false));
    expect(status().textContent).toBe(PUSH_MESSAGES.disabled);
    expect(screen.queryByText(PUSH_MESSAGES.enabled)).toBeNull();
    expect(button('Turn off')).toBeNull();
  });
});
