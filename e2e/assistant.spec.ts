import { coverageLevel } from '@grip/domain';
import { expect, test, type Page } from '@playwright/test';
import { otherUser, signUpInPage } from './fixtures';

const log = (page: Page) => page.getByRole('log', { name: 'Conversation with the assistant' });

/** Says `text` once the assistant can listen (Send stays disabled while it is typing or working). */
async function say(page: Page, text: string) {
  const box = page.getByLabel('Message the assistant');
  await box.fill(text);
  await expect(page.getByRole('button', { name: 'Send', exact: true })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await box.press('Enter');
  await expect(log(page)).toContainText(`You: ${text}`);
}

test.describe('the assistant', () => {
  test('a guest describes a need, signs up, and the pending request is really sent', async ({ page }) => {
    await page.goto('/');
    await expect(log(page)).toContainText(/without an account/);
    await say(page, 'My kitchen tap is leaking');
    await expect(page.getByTestId('assistant-typing')).toHaveCount(0);
    await log(page)
      .getByRole('button', { name: /^Send to (all|the)\b/ })
      .click();
    await say(page, '$180');
    await say(page, 'tomorrow morning');
    await say(page, 'The mixer tap drips constantly and the cupboard is damp.');
    await say(page, '8 Bridge Rd, Glebe NSW 2037');
    await say(page, 'yes');
    await expect(page).toHaveURL(/\/auth/);
    await expect(page.getByText('Sign in to send your request')).toBeVisible();

    // Signing up in this browser keeps the tab's pending request.
    await signUpInPage(page, { name: 'Assistant Guest' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Yes, send it' }).click();
    await expect(log(page)).toContainText('Request submitted!');
    await expect(page.getByRole('heading', { level: 1, name: 'Request submitted' })).toBeVisible();

    const mine = (await (await page.request.get('/api/requests')).json()) as {
      items: { title: string; description: string; budgetMin: string; locationAddress: string }[];
    };
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      title: 'Leaking kitchen tap',
      budgetMin: '180.00',
      locationAddress: '8 Bridge Rd, Glebe NSW 2037',
    });
    expect(mine.items[0]!.description).toContain('The mixer tap drips constantly');
  });

  test('a signed-in customer posts through the assistant', async ({ page }) => {
    await signUpInPage(page, { name: 'Chatty Customer' });
    await page.goto('/home');
    await say(page, 'I need someone to walk my dog');
    await expect(page.getByTestId('assistant-typing')).toHaveCount(0);
    await log(page)
      .getByRole('button', { name: /^Send to (all|the)\b/ })
      .click();
    await say(page, '40');
    await say(page, 'Saturday');
    await say(page, 'A friendly labrador, one hour walk around the park.');
    await say(page, '3 Bay Rd, Manly NSW 2095');
    await say(page, 'send it');
    await expect(log(page)).toContainText('Request submitted!');
    await expect(page.getByRole('heading', { level: 1, name: 'Request submitted' })).toBeVisible();
    await page.getByRole('link', { name: 'View My Requests' }).click();
    await expect(page.getByRole('link', { name: 'Walk my dog' })).toBeVisible();
  });
});

test.describe('coverage while filling the form', () => {
  test('the banner changes with the service area radius, in kilometres', async ({ page, baseURL }) => {
    // Christmas lights from Parramatta, about 20 km from Surry Hills, serving 50 km around.
    const business = await otherUser(baseURL!, { role: 'business_owner', businessName: 'Far West Lights' });
    const res = await business.api.patch('/api/business-profile', {
      data: { address: 'Parramatta NSW', serviceAreaKm: 50, serviceCategories: ['Christmas Lights'] },
    });
    expect(res.status(), await res.text()).toBe(200);
    await business.api.dispose();

    await signUpInPage(page);
    // Businesses other tests made without a location match everywhere: measure what they add.
    const place = (await (await page.request.get('/api/geo/geocode?address=Surry%20Hills%20NSW')).json()) as {
      latitude: number;
      longitude: number;
    };
    const count = async (radiusKm: number) =>
      (
        (await (
          await page.request.get(
            `/api/requests/coverage?serviceType=Occasional%2FSeasonal%20Services&serviceSubtype=christmas-lights&latitude=${place.latitude}&longitude=${place.longitude}&radiusKm=${radiusKm}`,
          )
        ).json()) as { count: number }
      ).count;
    const near = await count(10);
    const wide = await count(50);
    expect(wide).toBe(near + 1);

    await page.goto('/?direct=true');
    await page.getByLabel('Service type').selectOption('Occasional/Seasonal Services');
    await page.getByLabel('Specific service (optional)').selectOption('christmas-lights');
    await page.getByRole('combobox', { name: 'Location' }).fill('Surry Hills');
    await page
      .getByRole('option', { name: /Surry Hills NSW/ })
      .first()
      .click();

    const banner = page.getByTestId('coverage-banner');
    await page.getByLabel('Service area').selectOption('10');
    await expect(banner).toHaveAttribute('data-level', coverageLevel(near));
    await expect(banner).toContainText('within 10 km');
    await page.getByLabel('Service area').selectOption('50');
    await expect(banner).toHaveAttribute('data-level', coverageLevel(wide));
    await expect(banner).toContainText(`${wide}`);
    await expect(banner).toContainText('within 50 km');
  });
});
