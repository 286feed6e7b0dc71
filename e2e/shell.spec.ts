import { formatBadgeCount } from '@grip/domain';
import { expect, test } from '@playwright/test';
import { otherUser, pageIsLive, postRequest, signUpInPage } from './fixtures';

test.describe('the signed-in shell', () => {
  test('a small count is shown as the number, and the bell lists the notifications', async ({
    page,
    baseURL,
  }) => {
    await signUpInPage(page, { role: 'business_owner', businessName: 'Quiet Plumbing' });
    const customer = await otherUser(baseURL!, { role: 'user' });
    // A business without categories matches every request: count what other tests left too.
    const before = (await (await page.request.get('/api/badges')).json()) as { newRequests: number };
    await postRequest(customer.api, 'Plumbing', 3);
    await customer.api.dispose();
    const expected = formatBadgeCount(before.newRequests + 3)!;

    await page.goto('/business-dashboard');
    await expect(page.getByTestId('nav-badge-business-requests')).toHaveText(expected);
    await expect(page.getByTestId('bell-badge')).toHaveText('3');
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByText('New service request').first()).toBeVisible();
    await page.getByRole('menuitem', { name: 'Mark all read' }).click();
    await expect(page.getByTestId('bell-badge')).toHaveCount(0);
  });

  test('badges cap at 9+ for a business with many new requests and notifications', async ({
    page,
    baseURL,
  }) => {
    await signUpInPage(page, { role: 'business_owner', businessName: 'Busy Gardens' });
    const customer = await otherUser(baseURL!, { role: 'user' });
    await postRequest(customer.api, 'Gardening', 10);
    await customer.api.dispose();

    await page.goto('/business-dashboard');
    await expect(page.getByTestId('nav-badge-business-requests')).toHaveText('9+');
    await expect(page.getByTestId('bell-badge')).toHaveText('9+');
  });

  test('a new customer sees no badges and an empty notification list', async ({ page }) => {
    await signUpInPage(page);
    await page.goto('/home');
    await expect(page.getByTestId('bell-badge')).toHaveCount(0);
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByText('No notifications yet')).toBeVisible();
  });

  test('the offline alert appears when the connection drops', async ({ page, context }) => {
    await signUpInPage(page);
    await page.goto('/home');
    // The page's code has arrived (a chunk cut off mid-load is the offline shell's business, issue 8):
    // the server drew the heading, and the page is live once hydrated (#root no longer inert).
    await expect(page.getByRole('heading', { level: 1, name: /what do you need done/i })).toBeVisible();
    await pageIsLive(page);
    await context.setOffline(true);
    await expect(page.getByText("You're offline. Some features may be limited.")).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText("You're offline. Some features may be limited.")).toHaveCount(0);
  });
});
