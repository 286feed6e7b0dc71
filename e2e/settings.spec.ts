import { expect, test, type Page } from '@playwright/test';
import { postRequest, signUpInPage } from './fixtures';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Customer Settings → Profile Information: the new name is saved, shown after a reload and used by the app. */
test('a customer edits their display name and sees it after reload', async ({ page }) => {
  const account = await signUpInPage(page, { name: 'Settings Person' });
  await page.goto('/settings');
  const profile = page.getByRole('region', { name: 'Profile Information' });
  await expect(profile.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  await expect(profile.getByText('Email cannot be changed here')).toBeVisible();
  await expect(profile.getByText('Settings Person')).toBeVisible();

  // Cancel keeps what was saved.
  await profile.getByRole('button', { name: 'Edit' }).click();
  const form = profile.getByRole('form', { name: 'Edit profile information' });
  await form.getByLabel('Display name').fill('Somebody Else');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(profile.getByText('Settings Person')).toBeVisible();

  await profile.getByRole('button', { name: 'Edit' }).click();
  await expect(form.getByLabel('Display name')).toHaveValue('Settings Person');
  await form.getByLabel('Display name').fill('Renamed Person');
  await form.getByLabel('Phone (optional)').fill('+61 400 555 111');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile Updated')).toBeVisible();
  await expect(form).toHaveCount(0);

  await page.reload();
  await expect(profile.getByText('Renamed Person')).toBeVisible();
  await expect(profile.getByText('+61 400 555 111')).toBeVisible();
  const me = await (await page.request.get('/api/me')).json();
  expect(me.profile.displayName).toBe('Renamed Person');
  expect(me.user.name).toBe('Renamed Person');

  // The home greets by the new name.
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Hi Renamed, what do you need done?' }),
  ).toBeVisible();
});

/** Customer Settings → Default Location: new requests start from it rather than from the last request. */
test('a saved default location prefills the new request form', async ({ page }) => {
  await signUpInPage(page, { name: 'Location Person' });
  // The latest request is elsewhere: without a default the form would start from '1 Test St, Glebe'.
  await postRequest(page.request, 'Cleaning Services');

  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Default Location' });
  await expect(card.getByText('No default location yet')).toBeVisible();
  await card.getByRole('button', { name: 'Edit' }).click();
  const address = card.getByRole('combobox', { name: 'Default address' });
  await address.fill('5 Glebe Point Rd, Glebe NSW 2037');
  await address.press('Escape');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Location Updated')).toBeVisible();
  await expect(card.getByText('5 Glebe Point Rd, Glebe NSW 2037')).toBeVisible();

  await page.reload();
  await expect(card.getByText('5 Glebe Point Rd, Glebe NSW 2037')).toBeVisible();

  await page.goto('/?direct=true');
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue(
    '5 Glebe Point Rd, Glebe NSW 2037',
  );
  await expect(page.getByText(/Pinned to Glebe/)).toBeVisible();

  // Cleared, the form starts from the latest request again.
  await page.goto('/settings');
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByRole('button', { name: 'Clear' }).click();
  await expect(card.getByText('No default location yet')).toBeVisible();
  await page.goto('/?direct=true');
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('1 Test St, Glebe NSW 2037');
});
