import { PUSH_MESSAGES } from '@grip/domain';
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { signUpInPage } from './fixtures';

/*
 * Web push in the production build: the service worker at /sw.js registers on load, the settings
 * card shows, and a push delivered to the worker (through the DevTools protocol, as a push service
 * would) is shown as a system notification. Headless Chromium has no push service it can reach,
 * so subscribing ('Turn on') is not exercised here; the component tests cover it with a fake.
 */

test.use({ serviceWorkers: 'allow' }); // the suite blocks it elsewhere (playwright.config.ts)

interface Shown {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}

/** The notifications the service worker has shown, optionally for one tag. */
function shownNotifications(page: Page, tag?: string): Promise<Shown[]> {
  return page.evaluate(async (filterTag) => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications(filterTag ? { tag: filterTag } : undefined);
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  }, tag);
}

/** The DevTools id of the service worker registration for `scopeURL` (listen before ServiceWorker.enable). */
function registrationIdFor(cdp: CDPSession, scopeURL: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no service worker registration for ${scopeURL}`)),
      10_000,
    );
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const match = registrations.find((r) => r.scopeURL === scopeURL && !r.isDeleted);
      if (match) {
        clearTimeout(timer);
        resolve(match.registrationId);
      }
    });
  });
}

test.describe('web push', () => {
  test('the service worker is active, the settings card shows, and a push becomes a notification', async ({
    page,
    context,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    await signUpInPage(page);
    await page.goto('/settings');

    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, scriptURL: registration.active?.scriptURL ?? null };
    });
    expect(worker).toEqual({ scope: `${origin}/`, scriptURL: `${origin}/sw.js` });

    await expect(page.getByText(PUSH_MESSAGES.label)).toBeVisible();
    await expect(page.getByText(PUSH_MESSAGES.description)).toBeVisible();
    // The browser has not been asked yet: push is off and can be turned on.
    await expect(page.getByText(PUSH_MESSAGES.disabled)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn on' })).toBeVisible();

    await context.grantPermissions(['notifications'], { origin });
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');

    const cdp = await context.newCDPSession(page);
    const registrationId = registrationIdFor(cdp, `${origin}/`);
    await cdp.send('ServiceWorker.enable');
    const push = async (payload: unknown) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: await registrationId,
        data: JSON.stringify(payload),
      });

    await push({
      title: 'New service request',
      body: 'Pool cleaning in Manly',
      url: '/business-requests',
      tag: 'n1',
    });
    await expect
      .poll(() => shownNotifications(page, 'n1'))
      .toEqual([
        {
          title: 'New service request',
          body: 'Pool cleaning in Manly',
          tag: 'n1',
          data: { url: '/business-requests' },
        },
      ]);

    // A push can only ever point a click at a page of this app.
    await push({ title: 'Sneaky', body: 'Open this', url: 'https://evil.example/', tag: 'evil' });
    await expect
      .poll(() => shownNotifications(page, 'evil'))
      .toEqual([{ title: 'Sneaky', body: 'Open this', tag: 'evil', data: { url: '/notifications' } }]);

    await cdp.detach();
  });
});
