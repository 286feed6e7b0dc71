import { expect, test, type Page } from '@playwright/test';
import { PNG_16, signUpInPage } from './fixtures';

async function fillForm(page: Page, description: string) {
  await page.getByLabel('Service type').selectOption('Home & Property Services');
  await page.getByLabel('Specific service (optional)').selectOption('plumbing');
  await page.getByLabel('Describe what you need').fill(description);
  const location = page.getByRole('combobox', { name: 'Location' });
  await location.fill('5 Glebe Point Rd, Glebe NSW 2037');
  await location.press('Escape');
  await page.getByLabel('Budget ($)').fill('150');
}

test.describe('posting and managing a request', () => {
  test('post through the form with a photo, edit it, archive and restore it', async ({ page }) => {
    await signUpInPage(page, { name: 'Form Customer' });
    await page.goto('/?direct=true');
    await fillForm(page, 'The bathroom tap drips all night long.');
    await page.getByLabel('Photos (optional)').setInputFiles({
      name: 'tap.png',
      mimeType: 'image/png',
      buffer: PNG_16,
    });
    await expect(page.getByText('Images uploaded')).toBeVisible();
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Request submitted' })).toBeVisible();
    await expect(page.getByTestId('notified-count')).toBeVisible();

    await page.getByRole('link', { name: 'View My Requests' }).click();
    await expect(page).toHaveURL(/\/requests$/);
    await page.getByRole('button', { name: 'More about Bathroom tap drips all night long' }).click();
    await expect(page.getByText('The bathroom tap drips all night long.')).toBeVisible();
    const photo = page.locator('img[src^="/uploads/"]').first();
    await expect(photo).toBeVisible();
    const src = await photo.getAttribute('src');
    const served = await page.request.get(src!);
    expect(served.headers()['content-type']).toBe('image/png');

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(/\?edit=/);
    const description = page.getByLabel('Describe what you need');
    await expect(description).toHaveValue('The bathroom tap drips all night long.');
    await description.fill('The bathroom tap drips and the shower leaks too.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Request Updated')).toBeVisible();
    await expect(page).toHaveURL(/\/requests$/);
    await page.getByRole('button', { name: 'More about Bathroom tap drips all night long' }).click();
    await expect(page.getByText('The bathroom tap drips and the shower leaks too.')).toBeVisible();

    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive request' }).click();
    await expect(page.getByText('Request Archived')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bathroom tap drips all night long' })).toHaveCount(0);

    await page.getByRole('button', { name: /Archived requests/ }).click();
    await page.getByRole('button', { name: 'Restore Bathroom tap drips all night long' }).click();
    await expect(page.getByText('Request Restored')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bathroom tap drips all night long' })).toBeVisible();
  });

  test('the form shows every missing-field message and refuses to send', async ({ page }) => {
    await signUpInPage(page);
    await page.goto('/?direct=true');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    for (const message of [
      'Please select a service type',
      'Please provide a location',
      'Please provide at least 10 characters',
      'Please enter a budget amount',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    const requests = await (await page.request.get('/api/requests')).json();
    expect(requests.items).toHaveLength(0);
  });
});
