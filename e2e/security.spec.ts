import { request as playwrightRequest, expect, test } from '@playwright/test';
import { PASSWORD, postRequest, signUpInPage } from './fixtures';

/**
 * Settings → Security: changing the password signs every other device out, and a device in the list
 * can be signed out from here.
 */
test('changing the password signs the other device out; a listed device can be signed out', async ({
  page,
  baseURL,
}) => {
  const account = await signUpInPage(page, { name: 'Sec Person' });
  const other = await playwrightRequest.newContext({ baseURL });
  const signIn = (password: string) =>
    other.post('/api/auth/sign-in/email', { data: { email: account.email, password } });
  expect((await signIn(PASSWORD)).status()).toBe(200);

  await page.goto('/settings');
  const devices = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByText('This device')).toBeVisible();

  await page.getByRole('button', { name: 'Change password' }).click();
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill('violet-harbour-ferry-8');
  await form.getByLabel('Confirm new password').fill('violet-harbour-ferry-8');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Password changed' })).toBeVisible();
  expect((await other.get('/api/me')).status()).toBe(401);
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  // This device stays signed in.
  expect((await page.request.get('/api/me')).status()).toBe(200);

  // The other device signs in with the new password, shows up, and is signed out from the list.
  expect((await signIn(PASSWORD)).status()).toBe(401);
  expect((await signIn('violet-harbour-ferry-8')).status()).toBe(200);
  await page.reload();
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await devices.getByRole('button', { name: /^Sign out / }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Device signed out' })).toBeVisible();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  expect((await other.get('/api/me')).status()).toBe(401);
  await other.dispose();
});

test('a customer deletes their account: signed out, sign-in refused, the email free again', async ({
  page,
  request,
}) => {
  const account = await signUpInPage(page, { name: 'Leaving Person' });
  await postRequest(page.request, 'Cleaning Services');
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('Booked and completed jobs stay');
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Your account has been deleted.' }),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/\/settings/);
  expect((await page.request.get('/api/me')).status()).toBe(401);
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: PASSWORD },
  });
  expect(signIn.status()).toBe(401);
  const again = await request.post('/api/auth/sign-up/email', {
    data: { name: 'Back Again', email: account.email, password: PASSWORD, role: 'user' },
  });
  expect(again.status()).toBe(200);
});
