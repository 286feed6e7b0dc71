import { expect, test } from '@playwright/test';
import { otherUser, signUpInPage } from './fixtures';

/**
 * Agreeing names the terms (decision 019, issue 26 item 2): the customer opens Confirm on a $100
 * offer, the business raises it to $9,999 before Confirm & Proceed is pressed, and the customer
 * sees the new price with a plain message instead of a booking; only a second, informed press books.
 */
test('the customer is shown the changed terms instead of booking them, and books only the terms on screen', async ({
  page: customer,
  baseURL,
}) => {
  const business = await otherUser(baseURL!, { name: 'Ivy Sparks' });
  const registered = await business.api.post('/api/business-registration', {
    data: {
      businessName: 'Ivy Electrical',
      contactPerson: 'Ivy Sparks',
      address: 'Newtown NSW',
      useAccountEmail: true,
      phone: '+61 400 555 222',
      serviceCategories: ['Electrical'],
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);

  await signUpInPage(customer, { name: 'Noor Haddad' });
  const posted = await customer.request.post('/api/requests', {
    data: {
      serviceType: 'Home & Property Services',
      serviceSubtype: 'electrical',
      description: 'The bathroom light flickers and then goes out.',
      location: '8 King St, Newtown NSW 2042',
      serviceAreaKm: 10,
      budget: 100,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id: requestId } = (await posted.json()) as { id: string };
  const quoted = await business.api.post(`/api/business/requests/${requestId}/responses`, {
    data: { message: 'I can replace the fitting this week.', quotedPrice: 100, priceType: 'fixed' },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
  const { id: responseId } = (await quoted.json()) as { id: string };

  // The customer opens the offer and its Confirm dialog: $100.
  await customer.goto('/requests');
  await customer.getByRole('button', { name: /^More about / }).click();
  await customer.getByRole('button', { name: 'Ivy Electrical (view offer)' }).click();
  const offer = customer.getByRole('dialog').filter({ hasText: 'Ivy Electrical' }).first();
  await offer.getByRole('button', { name: 'Confirm Booking' }).click();
  const confirm = customer.getByRole('dialog', { name: 'Confirm Service Offer' });
  const terms = confirm.getByRole('region', { name: 'Offer details' });
  await expect(terms.getByText('$100', { exact: true })).toBeVisible();

  // Meanwhile the business (which saw the offer VIEWED) raises its price.
  const raised = await business.api.post(`/api/business/opportunities/${responseId}/counter-offer`, {
    data: { quotedPrice: 9999, message: 'Parts have gone up, sorry about that.' },
  });
  expect(raised.status(), await raised.text()).toBe(200);

  // Confirm & Proceed books nothing: the dialog says why and shows the new terms beside the old.
  await confirm.getByRole('button', { name: 'Confirm & Proceed' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(
    'The business changed this offer. Check the new terms before you confirm.',
  );
  await expect(terms.getByText('$9,999', { exact: true })).toBeVisible();
  await expect(terms.getByText('(was $100)')).toBeVisible();
  await expect(terms.getByText('Parts have gone up, sorry about that.')).toBeVisible();
  await expect(customer.getByText('Offer Confirmed')).toHaveCount(0);
  const pending = (await (await customer.request.get(`/api/offers/${responseId}`)).json()) as {
    status: string;
    request: { status: string };
  };
  expect([pending.status, pending.request.status]).toEqual(['pending', 'open']);

  // Pressed again, knowingly, it books the terms on screen.
  await confirm.getByRole('button', { name: 'Confirm & Proceed' }).click();
  await expect(customer.getByText('Offer Confirmed')).toBeVisible();
  const booked = (await (await customer.request.get(`/api/offers/${responseId}`)).json()) as {
    status: string;
    quotedPrice: string;
  };
  expect([booked.status, booked.quotedPrice]).toEqual(['accepted', '9999.00']);
  await business.api.dispose();
});
