import { expect, test } from '@playwright/test';
import { PASSWORD, signUpInPage } from './fixtures';
import { totp, wrongTotp } from './totp';

/**
 * Two-factor sign-in with an authenticator app: turned on in Settings → Security (the test plays
 * the phone, computing codes from the setup key on the page), then asked for after the password.
 */
test('two-factor: turned on in Settings, then signing in takes the password and a code from the app', async ({
  page,
}) => {
  const account = await signUpInPage(page, { name: 'Tess Twofactor' });
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Two-factor authentication' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');

  await toggle.click();
  const setup = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
  await setup.getByLabel('Current password').fill(PASSWORD);
  await setup.getByRole('button', { name: 'Continue' }).click();
  await expect(setup.getByRole('img', { name: /QR code/ })).toBeVisible();
  const setupKey = (await setup.getByLabel('Setup key').inputValue()).replace(/\s/g, '');
  expect(setupKey).toMatch(/^[A-Z2-7]{16,}$/);

  await setup.getByLabel('6-digit code').fill(wrongTotp(setupKey));
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(setup.getByText('That code is not right.', { exact: false })).toBeVisible();
  await setup.getByLabel('6-digit code').fill(totp(setupKey));
  await setup.getByRole('button', { name: 'Turn on' }).click();

  const saved = page.getByRole('dialog', { name: 'Save your backup codes' });
  const backupCodes = saved.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(backupCodes).toHaveCount(10);
  await saved.getByRole('button', { name: 'Done' }).click();
  await expect(saved).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  // Turning it on replaced this device's session; it is still signed in.
  expect((await page.request.get('/api/me')).status()).toBe(200);

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const code = page.getByLabel('Enter the code from your authenticator app');
  await expect(code).toBeFocused();
  // The password alone made no session.
  expect((await page.request.get('/api/me')).status()).toBe(401);

  await code.fill(wrongTotp(setupKey));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await code.fill(totp(setupKey));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/(home)?$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  expect((await page.request.get('/api/me')).status()).toBe(200);
});
