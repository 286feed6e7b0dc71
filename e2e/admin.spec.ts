import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { otherUser, postRequest, signUpInPage } from './fixtures';

/**
 * The administrator's dashboard in the browser: real figures, the delivery switches the outbox obeys,
 * a CSV export that downloads, and Archive All Requests behind a confirmation. This is the suite's
 * only administrator: the platform accepts that sign-up once, while it has none.
 */
test('an administrator reads the figures, switches SMS off, exports users and archives every active request', async ({
  page,
  baseURL,
}) => {
  const customer = await otherUser(baseURL!, { name: 'Ada Customer' });
  await postRequest(customer.api, 'Cleaning Services', 2);
  await signUpInPage(page, { role: 'administrator', name: 'Grace Admin' });

  await page.goto('/admin');
  const stats = page.getByRole('list', { name: 'Platform statistics' });
  const activeRequests = stats.getByRole('listitem').filter({ hasText: 'Active Requests' });
  // Other specs post requests too: at least this customer's two are active.
  await expect(activeRequests).toContainText(/\d+/);
  const before = Number((await activeRequests.textContent())!.match(/(\d+)/)![1]);
  expect(before).toBeGreaterThanOrEqual(2);
  await expect(stats.getByRole('listitem').filter({ hasText: 'Active offers per business' })).toBeVisible();

  // The SMS switch persists: the server answers the new value after a reload.
  const sms = page.getByRole('switch', { name: 'SMS Notifications' });
  await expect(sms).toHaveAttribute('aria-checked', 'true');
  await sms.click();
  await expect(sms).toHaveAttribute('aria-checked', 'false');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'SMS Notifications' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  const settings = await page.request.get('/api/admin/settings');
  expect(await settings.json()).toMatchObject({
    smsNotificationsEnabled: false,
    emailNotificationsEnabled: true,
  });
  await page.getByRole('switch', { name: 'SMS Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'SMS Notifications' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // Export Users downloads a CSV named for today with this customer in it.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Users' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`users_export_${new Date().toISOString().slice(0, 10)}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain(customer.email);
  expect(csv.split(/\r?\n/)[0]).toContain('email');

  // Archive All asks first; Cancel changes nothing.
  await page.getByRole('button', { name: 'Archive All Requests' }).click();
  const dialog = page.getByRole('dialog', { name: 'Archive all active requests?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  const mine = async () =>
    ((await (await customer.api.get('/api/requests?section=active')).json()) as { items: unknown[] }).items
      .length;
  expect(await mine()).toBe(2);

  await page.getByRole('button', { name: 'Archive All Requests' }).click();
  await dialog.getByRole('button', { name: 'Archive requests' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: /Archived \d+ request/ })).toBeVisible();
  await expect(activeRequests).toContainText('0');
  expect(await mine()).toBe(0);

  await customer.api.dispose();
});

test('a business owner is kept out of every admin endpoint', async ({ page }) => {
  await signUpInPage(page, { role: 'business_owner' });
  for (const path of ['/api/admin/stats', '/api/admin/settings', '/api/admin/exports/users.csv']) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }
  expect((await page.request.post('/api/admin/archive-requests')).status()).toBe(403);
});
