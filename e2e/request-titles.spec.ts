import { expect, test } from '@playwright/test';
import { signUpInPage } from './fixtures';

/**
 * Issue 33 item 3 (decision 030): a request has a short title of its own — suggested from the
 * description, editable — and it names the request on My Requests and on a business's feed.
 */
test('a customer posts a request with a title of their own; it names the request on My Requests and the business feed', async ({
  page: business,
  browser,
  baseURL,
}) => {
  await signUpInPage(business, { name: 'Pia Pipes' });
  const registered = await business.request.post('/api/business-registration', {
    data: {
      businessName: 'Glebe Pipes',
      contactPerson: 'Pia Pipes',
      address: 'Glebe NSW',
      useAccountEmail: true,
      phone: '+61 400 777 222',
      serviceCategories: ['Plumbing'],
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);

  const customerContext = await browser.newContext({ baseURL, viewport: { width: 412, height: 900 } });
  const customer = await customerContext.newPage();
  await signUpInPage(customer, { name: 'Tess Title' });
  await customer.goto('/?direct=true');
  await customer.getByLabel('Service type').selectOption('Home & Property Services');
  await customer.getByLabel('Specific service (optional)').selectOption('plumbing');
  await customer
    .getByLabel('Describe what you need')
    .fill('My kitchen tap is leaking. It drips all night and the sink cupboard is damp.');
  // The form suggests a title from the description…
  const title = customer.getByLabel('Title', { exact: true });
  await expect(title).toHaveValue('Leaking kitchen tap');
  // …which the customer makes their own.
  await title.fill('Kitchen tap and damp cupboard');
  const location = customer.getByRole('combobox', { name: 'Location' });
  await location.fill('5 Glebe Point Rd, Glebe NSW 2037');
  await location.press('Escape');
  await customer.getByLabel('Budget ($)').fill('160');
  await customer.getByRole('button', { name: 'Submit Request' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Request submitted' })).toBeVisible();
  await expect(customer.getByTestId('notified-count')).toContainText(
    'Your request “Kitchen tap and damp cupboard” went to',
  );

  // My Requests: the card is headed by the title, the service beneath it.
  await customer.getByRole('link', { name: 'View My Requests' }).click();
  await expect(customer).toHaveURL(/\/requests$/);
  const card = customer.getByRole('article').filter({
    has: customer.getByRole('heading', { name: 'Kitchen tap and damp cupboard' }),
  });
  await expect(card).toBeVisible();
  await expect(card.getByText('Home & Property Services · Plumbing')).toBeVisible();

  // The business's feed card names it the same way, and leads to the respond page headed by it.
  await business.goto('/business-requests');
  const link = business.getByRole('link', { name: 'Kitchen tap and damp cupboard' });
  await expect(link).toBeVisible();
  await link.click();
  await expect(business.getByRole('heading', { name: 'Kitchen tap and damp cupboard' })).toBeVisible();
  await customerContext.close();
});
