import { expect, test, type Page } from '@playwright/test';
import { INSTALL_BANNER, OFFLINE_ALERT, QUEUED_MESSAGE_TEXTS } from '@grip/domain';
import { bookJob } from './fixtures';

/**
 * The installable app (issue 8 item 1): Chromium's own installability check passes, the app shell
 * and the person's last reads open with the network cut, a message written offline is sent once the
 * connection is back, and the install banner follows the spec's rules.
 */

test.use({ serviceWorkers: 'allow' }); // the suite blocks it elsewhere (playwright.config.ts)

/** Waits until the service worker is active and controls the page (it claims open pages at once). */
async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  });
}

test('Chromium finds the app installable: manifest, icons and an active service worker', async ({ page }) => {
  await page.goto('/');
  await waitForServiceWorker(page);

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBeTruthy();
  const manifest = (await (await page.request.get(manifestHref!)).json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
    shortcuts: { url: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Grip',
    start_url: '/',
    display: 'standalone',
    theme_color: '#0f766e',
  });
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  expect(manifest.shortcuts.map((s) => s.url)).toContain('/messages');
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.src);
    expect(res.headers()['content-type'], icon.src).toBe('image/png');
  }

  // The browser's own verdict (the checks behind its install button).
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are off-the-record, where nothing may be installed; every other check passes.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
});

test('offline: the app and the conversation open without network, and a message written offline is sent on reconnect', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { business, customer, responseId } = await bookJob(baseURL!);
  const context = await browser.newContext({ baseURL, storageState: await customer.api.storageState() });
  const page = await context.newPage();
  const conversationUrl = `/conversation/${responseId}`;

  // Online once, with the worker in control, so the shell is precached and the reads are kept.
  await page.goto(conversationUrl);
  await waitForServiceWorker(page);
  await page.reload();
  await expect(page.getByText('with Sparks Electrical')).toBeVisible();
  await expect(page.getByText('No messages yet. Start the conversation!')).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: OFFLINE_ALERT })).toBeVisible();
  await expect(page.getByText('with Sparks Electrical')).toBeVisible();
  // Really offline: a read the worker does not keep fails.
  expect(
    await page.evaluate(() =>
      fetch('/api/me/security').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');

  const box = page.getByRole('textbox', { name: 'Message', exact: true });
  await box.fill('Written on the train: the gate code is 4821.');
  await box.press('Enter');
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText(QUEUED_MESSAGE_TEXTS.waiting)).toBeVisible();
  await expect(box).toHaveValue('');

  // A reload while still offline loses nothing.
  await page.reload();
  await expect(thread.getByText('Written on the train: the gate code is 4821.')).toBeVisible();
  await expect(thread.getByText(QUEUED_MESSAGE_TEXTS.waiting)).toBeVisible();
  const unread = await business.api.get(`/api/conversations/${responseId}/messages`);
  expect(((await unread.json()) as { items: unknown[] }).items).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByRole('alert').filter({ hasText: OFFLINE_ALERT })).toBeHidden();
  await expect(thread.getByText(QUEUED_MESSAGE_TEXTS.waiting)).toBeHidden({ timeout: 10_000 });
  await expect(page.getByText('Your waiting message was sent')).toBeVisible();
  await expect
    .poll(async () => {
      const res = await business.api.get(`/api/conversations/${responseId}/messages`);
      return ((await res.json()) as { items: { message: string }[] }).items.map((m) => m.message);
    })
    .toEqual(['Written on the train: the gate code is 4821.']);
  await context.close();
});

test('install banner: shown when the browser offers to install, hidden after Not now, also on the next visit', async ({
  page,
}) => {
  await page.goto('/');
  // Headless Chromium keeps its own offer to itself; the page gets the same event the browser sends.
  const offer = () =>
    page.evaluate(async () => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {},
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(event);
      // Two frames: React has rendered whatever the offer changes.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return event.defaultPrevented;
    });
  const banner = page.getByRole('region', { name: INSTALL_BANNER.title });
  await expect(banner).toBeHidden();

  expect(await offer(), 'the app took the offer').toBe(true);
  // It waits for the person to start using the page (a tap, a key, a scroll).
  await expect(banner).toBeHidden();
  await page.keyboard.press('Shift');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(INSTALL_BANNER.text);
  await banner.getByRole('button', { name: INSTALL_BANNER.dismiss }).click();
  await expect(banner).toBeHidden();

  await page.reload();
  expect(await offer(), 'the app took the offer').toBe(true);
  await page.keyboard.press('Shift');
  await expect(banner).toBeHidden();

  // Only the dismissal hides it: without it, the same offer shows the banner again.
  await page.evaluate(() => localStorage.removeItem('grip:install-dismissed-at'));
  await page.reload();
  await offer();
  await page.keyboard.press('Shift');
  await expect(banner).toBeVisible();
});
