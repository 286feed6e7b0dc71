import { expect, test, type Page } from '@playwright/test';
import { signUpInPage } from './fixtures';

/**
 * The first screen's code loads while the app is still asking who is signed in, not after
 * (docs/performance.md). The session answer is held back here for a moment, and the scripts the
 * page asks for meanwhile are recorded by chunk name (`app-shell-HASH.js` -> `app-shell`).
 */
async function chunksWhileSessionPending(page: Page, open: () => Promise<unknown>) {
  const early = new Set<string>();
  let pending = true;
  await page.route(/\/api\/me\?optional=true$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    pending = false;
    await route.continue();
  });
  const record = (request: { url(): string; resourceType(): string }) => {
    if (!pending || request.resourceType() !== 'script') return;
    early.add(new URL(request.url()).pathname.replace(/^\/assets\/|-[\w-]{8}\.js$/g, ''));
  };
  page.on('request', record);
  await open();
  await expect.poll(() => pending).toBe(false);
  page.off('request', record);
  return early;
}

test('a visitor on / loads the landing page alongside the session check, and no app shell', async ({
  page,
}) => {
  const early = await chunksWhileSessionPending(page, () => page.goto('/'));
  expect(early).toContain('landing-page');
  expect(early).not.toContain('app-shell');
  await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
});

test('a business owner opening the dashboard loads the shell and the page alongside the session check', async ({
  page,
}) => {
  await signUpInPage(page, { role: 'business_owner', businessName: 'Early Bird Co' });
  const early = await chunksWhileSessionPending(page, () => page.goto('/business-dashboard'));
  expect(early).toContain('app-shell');
  expect(early).toContain('business-dashboard');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});

test('someone signed in on this browser before gets the shell early on /, not the landing page', async ({
  page,
}) => {
  await signUpInPage(page, { role: 'user' });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  const early = await chunksWhileSessionPending(page, () => page.reload());
  expect(early).toContain('app-shell');
  expect(early).not.toContain('landing-page');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});
