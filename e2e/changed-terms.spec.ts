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

/**
 * The other way round (decision 019): the customer changes the request after the business quoted. The
 * customer's Confirm books nothing and says the business must check the changes first; the business
 * sees the request as it is now on Pending Opportunities and keeps its quote for it; only then does the
 * customer's Confirm book.
 */
test('a request changed after the quote is booked only once the business keeps its quote for the new details', async ({
  page: business,
  browser,
  baseURL,
}) => {
  await signUpInPage(business, { name: 'Omar Volt' });
  const registered = await business.request.post('/api/business-registration', {
    data: {
      businessName: 'Volt Brothers',
      contactPerson: 'Omar Volt',
      address: 'Newtown NSW',
      useAccountEmail: true,
      phone: '+61 400 555 333',
      serviceCategories: ['Electrical'],
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);

  const customerContext = await browser.newContext({ baseURL });
  const customer = await customerContext.newPage();
  await signUpInPage(customer, { name: 'Lena Park' });
  const request = {
    serviceType: 'Home & Property Services',
    serviceSubtype: 'electrical',
    description: 'One power point in the kitchen stopped working.',
    location: '14 King St, Newtown NSW 2042',
    serviceAreaKm: 10,
    budget: 150,
  };
  const posted = await customer.request.post('/api/requests', { data: request });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id: requestId } = (await posted.json()) as { id: string };
  const quoted = await business.request.post(`/api/business/requests/${requestId}/responses`, {
    data: { message: 'I can look at the power point tomorrow.', quotedPrice: 150, priceType: 'fixed' },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
  const { id: responseId } = (await quoted.json()) as { id: string };

  // The customer opens the offer's Confirm dialog…
  await customer.goto('/requests');
  await customer.getByRole('button', { name: /^More about / }).click();
  await customer.getByRole('button', { name: 'Volt Brothers (view offer)' }).click();
  const offer = customer.getByRole('dialog').filter({ hasText: 'Volt Brothers' }).first();
  await offer.getByRole('button', { name: 'Confirm Booking' }).click();
  const confirm = customer.getByRole('dialog', { name: 'Confirm Service Offer' });
  await expect(confirm.getByRole('region', { name: 'Offer details' }).getByText('$150')).toBeVisible();

  // …and, in another tab, makes the job bigger after the quote.
  const edited = await customer.request.patch(`/api/requests/${requestId}`, {
    data: { ...request, description: 'Every power point in the kitchen and laundry stopped working.' },
  });
  expect(edited.status(), await edited.text()).toBe(200);

  // Pressed (or already held back by the live update), Confirm books nothing and says why.
  const press = confirm.getByRole('button', { name: 'Confirm & Proceed' });
  await press.click({ force: true });
  await expect(confirm.getByRole('alert')).toHaveText(
    'You changed this request after Volt Brothers quoted, so nothing was booked. Volt Brothers has been asked to check the new details; you can confirm once they keep or update their quote.',
  );
  await expect(press).toBeDisabled();
  const pending = (await (await customer.request.get(`/api/offers/${responseId}`)).json()) as {
    status: string;
    requestChangedSinceQuote: boolean;
    termsVersion: string;
  };
  expect([pending.status, pending.requestChangedSinceQuote]).toEqual(['pending', true]);
  const direct = await customer.request.post(`/api/offers/${responseId}/confirm`, {
    data: { termsVersion: pending.termsVersion },
  });
  expect([direct.status(), ((await direct.json()) as { error: string }).error]).toEqual([
    409,
    'request_changed',
  ]);

  // The business was told, sees the request as it is now, and keeps its quote for it.
  await business.goto('/business-active');
  const changed = business.getByRole('region', { name: 'Changed request' });
  await expect(
    changed.getByText('Every power point in the kitchen and laundry stopped working.'),
  ).toBeVisible();
  await changed.getByRole('button', { name: 'Keep My Quote' }).click();
  await expect(business.getByText('Your quote now answers the new details.')).toBeVisible();
  await expect(changed).toHaveCount(0);
  const notices = (await (await business.request.get('/api/notifications')).json()) as {
    items: { type: string; message: string }[];
  };
  expect(notices.items.find((n) => n.type === 'request_edited')?.message).toBe(
    '“One power point in the kitchen stopped working” was changed — check your quote still fits',
  );

  // The customer's still-open dialog hears of it and books.
  await expect(
    confirm.getByText('Volt Brothers has checked the new details of your request. You can confirm now.'),
  ).toBeVisible();
  await press.click();
  await expect(customer.getByText('Offer Confirmed')).toBeVisible();
  const booked = (await (await customer.request.get(`/api/offers/${responseId}`)).json()) as {
    status: string;
  };
  expect(booked.status).toBe('accepted');
  await customerContext.close();
});
