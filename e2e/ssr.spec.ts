import { expect, test, type Page } from '@playwright/test';
import { postRequest, signUpInPage } from './fixtures';

/**
 * Signed-in pages arrive drawn on the server with the person's own data (decision 024): readable
 * without any script, then hydrated in place with no second fetch of the same data and no mismatch.
 */

/** Everything the page asks the API for, and every error it reports (a hydration mismatch is one). */
function watch(page: Page) {
  const api: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) api.push(url.pathname);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { api, errors };
}

test('My Requests arrives as HTML with the customer’s own requests, then works without asking for them again', async ({
  page,
  browser,
}) => {
  await signUpInPage(page, { role: 'user' });
  await postRequest(page.request, 'Gardening', 2);

  // Without JavaScript: the page, the shell and the requests are in the HTML itself.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const bare = await noScript.newPage();
  const answer = await bare.goto('/requests');
  expect(answer?.headers()['cache-control']).toBe('no-store');
  await expect(bare).toHaveTitle('My Requests | Grip');
  await expect(bare.getByRole('heading', { level: 1, name: 'My Requests' })).toBeVisible();
  await expect(bare.getByRole('list', { name: 'Active Requests' }).getByRole('article')).toHaveCount(2);
  await expect(bare.getByText('End-to-end request number 1').first()).toBeVisible();
  await expect(bare.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await noScript.close();

  // With JavaScript: hydrated in place, no request for the same data, no mismatch reported.
  const seen = watch(page);
  await page.goto('/requests');
  const list = page.getByRole('list', { name: 'Active Requests' });
  await expect(list.getByRole('article')).toHaveCount(2);
  // Live (hydrated): a card's "More about" button opens its details.
  await list
    .getByRole('button', { name: /More about/ })
    .first()
    .click();
  await expect(list.getByRole('button', { name: /More about/, expanded: true })).toHaveCount(1);
  // The list, the session and the badges came with the page; only the opened card's details are new.
  const details = /^\/api\/requests\/[\w-]+$/;
  expect(seen.api.filter((path) => path !== '/api/events' && !details.test(path))).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test('each main screen of a business owner is drawn on the server and hydrates cleanly', async ({ page }) => {
  await signUpInPage(page, { role: 'business_owner', businessName: 'Drawn Early Co' });
  for (const [path, heading] of [
    ['/business-dashboard', 'Business Dashboard'],
    ['/business-requests', 'Service Requests'],
    ['/messages', 'Messages'],
  ] as const) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain('id="grip-first-screen"');
    const seen = watch(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    expect(seen.errors, path).toEqual([]);
    expect(
      seen.api.filter((p) => p !== '/api/events'),
      path,
    ).toEqual([]);
    page.removeAllListeners('request');
    page.removeAllListeners('pageerror');
    page.removeAllListeners('console');
  }
});

test('the server answers the redirect the route guard would give', async ({ page, playwright, baseURL }) => {
  const visitor = await playwright.request.newContext({ baseURL });
  const guarded = await visitor.get('/requests', { maxRedirects: 0 });
  expect(guarded.status()).toBe(302);
  expect(guarded.headers()['location']).toBe('/auth');
  await visitor.dispose();

  await signUpInPage(page, { role: 'user' });
  const notTheirs = await page.request.get('/business-requests', { maxRedirects: 0 });
  expect(notTheirs.status()).toBe(302);
  expect(notTheirs.headers()['location']).toBe('/');
  const signedInAtAuth = await page.request.get('/auth', { maxRedirects: 0 });
  expect(signedInAtAuth.headers()['location']).toBe('/');
  await page.goto('/business-requests');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});
