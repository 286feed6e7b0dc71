import { expect, test } from '@playwright/test';
import { otherUser, signUpInPage } from './fixtures';

/**
 * Live updates: what one party does shows on the other's open screen without a reload, well inside
 * the 30 s fallback poll (the assertions wait at most 6 s).
 */
const LIVE = { timeout: 6_000 };

test('a business dashboard and a customer’s requests update live as the other side acts, with a toast for each notification', async ({
  page: business,
  baseURL,
}) => {
  await signUpInPage(business, { name: 'Lena Sparks' });
  const registered = await business.request.post('/api/business-registration', {
    data: {
      businessName: 'Sparks Electrical',
      contactPerson: 'Lena Sparks',
      address: 'Newtown NSW',
      useAccountEmail: true,
      phone: '+61 400 555 111',
      serviceCategories: ['Electrical'],
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);

  await business.goto('/business-dashboard');
  const newRequests = business.getByRole('region', { name: 'New Requests' });
  await expect(newRequests.getByText('No new requests available')).toBeVisible();
  const bell = business.getByRole('button', { name: 'Notifications' });
  await expect(bell).not.toHaveAccessibleDescription(/unread/);

  // A customer elsewhere posts a matching request: the card and the bell's badge appear by themselves.
  const customer = await otherUser(baseURL!, { name: 'Omar Reyes' });
  const posted = await customer.api.post('/api/requests', {
    data: {
      serviceType: 'Home & Property Services',
      serviceSubtype: 'electrical',
      description: 'Two power points in the kitchen stopped working.',
      location: '12 King St, Newtown NSW 2042',
      serviceAreaKm: 10,
      budget: 180,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id: requestId } = (await posted.json()) as { id: string };
  await expect(newRequests.getByRole('button', { name: /Two power points/ })).toBeVisible(LIVE);
  await expect(bell).toHaveAccessibleDescription('1 unread', LIVE);
  // The notification also arrives as a toast.
  await expect(
    business.locator('[data-sonner-toast]').filter({ hasText: 'New service request' }),
  ).toBeVisible(LIVE);

  // The customer watches My Requests while the business quotes: the quote shows up there live.
  const customerContext = await business
    .context()
    .browser()!
    .newContext({
      baseURL,
      storageState: await customer.api.storageState(),
    });
  const customerPage = await customerContext.newPage();
  await customerPage.goto('/requests');
  const card = customerPage.getByRole('button', {
    name: /More about Two power points in the kitchen stopped working/,
  });
  await expect(card).toBeVisible();
  await expect(customerPage.getByText('No responses yet', { exact: true })).toBeVisible();

  const quoted = await business.request.post(`/api/business/requests/${requestId}/responses`, {
    data: { message: 'I can fix both power points tomorrow.', quotedPrice: 160, priceType: 'fixed' },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
  await expect(customerPage.getByText('1 response', { exact: true })).toBeVisible(LIVE);
  const toast = customerPage.locator('[data-sonner-toast]').filter({ hasText: 'Sparks Electrical' });
  await expect(toast).toBeVisible(LIVE);
  // And the business's own dashboard moved the request out of New Requests.
  await expect(newRequests.getByText('No new requests available')).toBeVisible(LIVE);

  await customerContext.close();
  await customer.api.dispose();
});
