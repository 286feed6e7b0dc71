import { expect, test } from '@playwright/test';
import { PASSWORD, signUpInPage, uniqueEmail } from './fixtures';

test.describe('signing up and in', () => {
  test('a customer signs up and lands on /home', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('radio', { name: /^User/ }).check();
    await expect(page.getByLabel('Business Name')).toHaveCount(0);
    await page.getByLabel('Display Name').fill('Casey Customer');
    await page.getByLabel('Email').fill(uniqueEmail('casey'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Check your email')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Requests/ }),
    ).toBeVisible();
  });

  test('a business owner signs up and lands on /business-dashboard', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('radio', { name: /^Business Owner/ }).check();
    await page.getByLabel('Display Name').fill('Pat Nguyen');
    await page.getByLabel('Business Name').fill('Harbour Plumbing');
    await page.getByLabel('Email').fill(uniqueEmail('pat'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/business-dashboard$/);
    await expect(page.getByText('Harbour Plumbing').first()).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /New Requests/ }),
    ).toBeVisible();
  });

  test('the sign-up form shows the validation messages and sends nothing', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('radio', { name: /^Business Owner/ }).check();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Display name is required')).toBeVisible();
    await expect(page.getByText('Business name is required for business owners')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });

  test('signing in with a wrong password shows the server message; the right one goes home', async ({
    page,
    context,
  }) => {
    const account = await signUpInPage(page);
    await context.clearCookies();
    await page.goto('/auth');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Sign in failed')).toBeVisible();
    await expect(page.getByText(/Invalid email or password/i)).toBeVisible();

    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/(home)?$/);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });

  test('a signed-in user opening /auth is sent to /', async ({ page }) => {
    await signUpInPage(page);
    await page.goto('/auth');
    await expect(page).not.toHaveURL(/\/auth/);
  });
});

test.describe('Continue with Google (against a local OpenID Connect server)', () => {
  test('a business owner signs up with Google and lands on the business dashboard', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('radio', { name: /^Business Owner/ }).check();
    await page.getByRole('button', { name: 'Sign up with Google as Business Owner' }).click();
    await expect(page).toHaveURL(/\/business-dashboard$/);
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /New Requests/ }),
    ).toBeVisible();
  });

  test('a new user continuing with Google from the Sign In tab becomes a customer', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Requests/ }),
    ).toBeVisible();
  });
});
