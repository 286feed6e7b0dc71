import { expect, test } from '@playwright/test';
import { otherUser, PNG_16, signUpInPage } from './fixtures';

test.describe('a business finds work', () => {
  test('registers, sees a new matching request without its exact address, and quotes it with a photo', async ({
    page,
    baseURL,
  }) => {
    // Registration converts any signed-in user.
    await signUpInPage(page, { name: 'Walker Owner' });
    await page.goto('/business-registration');
    await expect(page.getByRole('heading', { name: 'Business Registration' })).toBeVisible();
    await page.getByLabel('Business name').fill('Newtown Dog Walkers');
    await page.getByLabel('Contact person').fill('Wendy Walker');
    const address = page.getByRole('combobox', { name: 'Address' });
    await address.fill('Newtown');
    await page
      .getByRole('option', { name: /Newtown NSW/ })
      .first()
      .click();
    await page.getByLabel('Phone', { exact: true }).fill('+61 400 111 222');
    await page.getByRole('button', { name: /Pet Services/ }).click();
    await page.getByRole('group', { name: 'Pet Services' }).getByLabel('Dog Walking').check();
    await page.getByRole('button', { name: 'Register Business' }).click();
    await expect(page).toHaveURL(/\/business-dashboard$/);

    const customer = await otherUser(baseURL!, { name: 'Pat Owner' });
    const posted = await customer.api.post('/api/requests', {
      data: {
        serviceType: 'Pet Services',
        serviceSubtype: 'dog-walking',
        description: 'A friendly greyhound needs a walk every weekday at noon.',
        location: '17 Australia St, Newtown NSW 2042',
        serviceAreaKm: 10,
        budget: 35,
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const { id } = (await posted.json()) as { id: string };

    await page.goto('/business-requests');
    await expect(page.getByRole('heading', { name: 'Service Requests' })).toBeVisible();
    const card = page.locator(`a[href="/respond/${id}"]`);
    await expect(card).toBeVisible();
    await expect(page.getByRole('listitem').filter({ has: card })).toContainText('Newtown NSW');
    await expect(page.getByText('17 Australia St')).toHaveCount(0);

    await card.click();
    await expect(page).toHaveURL(new RegExp(`/respond/${id}$`));
    await expect(page.getByText('A friendly greyhound needs a walk every weekday at noon.')).toBeVisible();
    await expect(page.getByText('17 Australia St')).toHaveCount(0);
    await page.getByRole('button', { name: 'Custom Response' }).click();
    await page.getByLabel('Quoted price ($)').fill('40');
    await page.getByLabel('Message').fill('Happy to walk your greyhound every weekday at noon.');
    await page
      .getByLabel('Photos (optional)')
      .setInputFiles({ name: 'dogs.png', mimeType: 'image/png', buffer: PNG_16 });
    await expect(page.getByText('Images uploaded')).toBeVisible();
    await page.getByRole('button', { name: 'Submit Response' }).click();
    await expect(page.getByText('Response Submitted')).toBeVisible();
    await expect(page).toHaveURL(/\/business-dashboard$/);

    // The customer has the quote, and a notification about it.
    const detail = (await (await customer.api.get(`/api/requests/${id}`)).json()) as {
      responses: { businessName: string; quotedPrice: string; isAcceptedAsIs: boolean }[];
    };
    expect(detail.responses).toEqual([
      expect.objectContaining({
        businessName: 'Newtown Dog Walkers',
        quotedPrice: '40.00',
        isAcceptedAsIs: false,
      }),
    ]);
    const notes = (await (await customer.api.get('/api/notifications')).json()) as {
      items: { type: string }[];
    };
    expect(notes.items.some((n) => n.type === 'new_response')).toBe(true);
    await customer.api.dispose();

    // A second quote on the same request is refused.
    await page.goto(`/respond/${id}`);
    await expect(page.getByText('Already Responded').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Response' })).toHaveCount(0);
  });
});
