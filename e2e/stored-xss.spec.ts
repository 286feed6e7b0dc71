import { expect, test, type Page } from '@playwright/test';
import { confirmOffer, otherUser, signInAsAdministrator, signUpInPage } from './fixtures';

/**
 * Stored XSS (issue 10 §6, docs/reliability.md): markup typed into every text field one person
 * writes and another reads — names, the business name, a request's description, a quote's message,
 * a chat message, a person's name in the admin's user list — is shown to the reader as the literal text, never turned into elements. The CSP
 * would also stop an inline handler from running; this proves the text is not parsed as HTML at all.
 */
// Short enough for a display name (100 characters at most); `field` is a short tag of the field.
const attack = (field: string) =>
  `${field} <img src=x data-xss=${field} onerror=window.__xss=1><script>__xss=2</script>`;

/** Fails when the page holds an element made from an attack, or any attack ran. */
async function expectShownAsText(page: Page, field: string) {
  await expect(page.getByText(attack(field), { exact: false }).first()).toBeVisible();
  await expect(page.locator(`[data-xss="${field}"]`)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
}

test('markup in names, descriptions, quotes and messages is shown as text to the other person', async ({
  page: customer,
  baseURL,
  browser,
}) => {
  const dialogs: string[] = [];
  customer.on('dialog', (d) => void dialogs.push(d.message()));
  await signUpInPage(customer, { name: attack('cname') });

  const business = await otherUser(baseURL!, { name: attack('oname') });
  const registered = await business.api.post('/api/business-registration', {
    data: {
      businessName: attack('bname'),
      contactPerson: attack('contact'),
      address: 'Newtown NSW',
      useAccountEmail: true,
      phone: '+61 400 555 111',
      serviceCategories: ['Electrical'],
    },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);

  const posted = await customer.request.post('/api/requests', {
    data: {
      serviceType: 'Home & Property Services',
      serviceSubtype: 'electrical',
      description: attack('desc'),
      location: '12 King St, Newtown NSW 2042',
      serviceAreaKm: 10,
      budget: 180,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id: requestId } = (await posted.json()) as { id: string };

  // The business reads the request: its description.
  const businessContext = await browser.newContext({
    baseURL,
    storageState: await business.api.storageState(),
  });
  const businessPage = await businessContext.newPage();
  businessPage.on('dialog', (d) => void dialogs.push(d.message()));
  await businessPage.goto(`/respond/${requestId}`);
  await expectShownAsText(businessPage, 'desc');

  // The customer reads the quote: the business's name and its message.
  const quoted = await business.api.post(`/api/business/requests/${requestId}/responses`, {
    data: { message: attack('quote'), quotedPrice: 160, priceType: 'fixed' },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
  const { id: responseId } = (await quoted.json()) as { id: string };
  await customer.goto('/requests');
  await customer.getByRole('button', { name: /^More about / }).click();
  await customer.getByRole('button', { name: /\(view offer\)$/ }).click();
  const offer = customer.getByRole('dialog');
  await expect(offer).toBeVisible();
  await expectShownAsText(customer, 'bname');
  await expectShownAsText(customer, 'quote');

  // Booked, they chat: each reads the other's name and message.
  const booked = await confirmOffer(customer.request, responseId);
  expect(booked.status(), await booked.text()).toBe(200);
  for (const [api, text] of [
    [customer.request, attack('cmsg')],
    [business.api, attack('bmsg')],
  ] as const) {
    const sent = await api.post(`/api/conversations/${responseId}/messages`, { data: { message: text } });
    expect(sent.status(), await sent.text()).toBeLessThan(300);
  }
  await businessPage.goto(`/conversation/${responseId}`);
  await expectShownAsText(businessPage, 'cmsg');
  await expectShownAsText(businessPage, 'cname');
  await customer.goto(`/messages?conversation=${requestId}-${responseId}`);
  await expectShownAsText(customer, 'bmsg');

  // The administrator reads the user list (a business owner is listed by the business's name).
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  adminPage.on('dialog', (d) => void dialogs.push(d.message()));
  await signInAsAdministrator(adminPage);
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'Users' }).click();
  await adminPage.getByRole('searchbox', { name: 'Search users' }).fill(business.email);
  await expect(adminPage.getByTestId('admin-user').filter({ hasText: business.email })).toHaveCount(1);
  await expectShownAsText(adminPage, 'bname');

  expect(dialogs).toEqual([]);
  await adminContext.close();
  await businessContext.close();
  await business.api.dispose();
});
