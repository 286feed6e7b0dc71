import { expect, test } from '@playwright/test';
import { signUpInPage } from './fixtures';

test.describe('route guards', () => {
  test('a signed-out visitor opening /requests is sent to /auth', async ({ page }) => {
    await page.goto('/requests');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  });

  test('a customer opening /business-dashboard is sent to /', async ({ page }) => {
    await signUpInPage(page, { role: 'user' });
    await page.goto('/business-dashboard');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });

  test('a customer opening /admin is sent to /home', async ({ page }) => {
    await signUpInPage(page, { role: 'user' });
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a business owner on / goes to the business dashboard, and /settings to /business-settings', async ({
    page,
  }) => {
    await signUpInPage(page, { role: 'business_owner', businessName: 'Guarded Co' });
    await page.goto('/');
    await expect(page).toHaveURL(/\/business-dashboard$/);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/business-settings$/);
  });

  test('an unknown path shows the 404 page with a link home', async ({ page }) => {
    await page.goto('/no-such-page-here');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('link', { name: /home/i }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the signed-out landing page welcomes and leads to sign-in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('For Customers')).toBeVisible();
    await expect(page.getByText('For Businesses')).toBeVisible();
    await page
      .getByRole('link', { name: 'Get Started' })
      .or(page.getByRole('button', { name: 'Get Started' }))
      .click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('signing out returns to /auth and the guarded pages stay closed', async ({ page }) => {
    await signUpInPage(page);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/requests');
    await expect(page).toHaveURL(/\/auth$/);
  });
});
