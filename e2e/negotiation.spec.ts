import { expect, test, type Page } from '@playwright/test';
import { PNG_16, signUpInPage } from './fixtures';

const ADDRESS = '5 Wigram Rd, Glebe NSW 2037';
const TITLE = 'Labrador needs a long walk on weekday mornings';

/** Fills the form's address and budget, submits, and waits for the confirmation. */
async function postFormRest(customer: Page, budget: string) {
  const location = customer.getByRole('combobox', { name: 'Location' });
  await location.fill(ADDRESS);
  await location.press('Escape');
  await customer.getByLabel('Budget ($)').fill(budget);
  await customer.getByRole('button', { name: 'Submit Request' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Request submitted' })).toBeVisible();
}

/** Opens the customer's one request on My Requests and the business's offer on it. */
async function openOffer(customer: Page, businessName: string) {
  await customer.goto('/requests');
  await customer.getByRole('button', { name: `More about ${TITLE}` }).click();
  await customer.getByRole('button', { name: `${businessName} (view offer)` }).click();
  return customer.getByRole('dialog').filter({ hasText: businessName }).first();
}

test.describe('a business and a customer negotiate, book and finish a job', () => {
  // The longest journey (two people, every step of a job): about 100 s alone, more with two suites at once.
  test.setTimeout(180_000);

  test('the customer posts and the business quotes in the browser; counter offers both ways; booking, messages, completion with a proof photo, review, and Hire Again', async ({
    page: business,
    browser,
    baseURL,
  }) => {
    // The business (registration through the UI is covered by business.spec.ts).
    await signUpInPage(business, { name: 'Gina Walker' });
    const registered = await business.request.post('/api/business-registration', {
      data: {
        businessName: 'Glebe Walkers',
        contactPerson: 'Gina Walker',
        address: 'Glebe NSW',
        useAccountEmail: true,
        phone: '+61 400 222 333',
        serviceCategories: ['Dog Walking'],
      },
    });
    expect(registered.status(), await registered.text()).toBe(200);

    // The customer, in a browser context of their own.
    const customerContext = await browser.newContext({ baseURL, viewport: { width: 412, height: 900 } });
    const customer = await customerContext.newPage();
    await signUpInPage(customer, { name: 'Casey Owner' });
    // The customer posts through the form; the business quotes through Respond.
    await customer.goto('/?direct=true');
    await customer.getByLabel('Service type').selectOption('Pet Services');
    await customer.getByLabel('Specific service (optional)').selectOption('dog-walking');
    await customer
      .getByLabel('Describe what you need')
      .fill('Our labrador needs a long walk on weekday mornings.');
    await postFormRest(customer, '50');
    const mine = (await (await customer.request.get('/api/requests?section=active')).json()) as {
      items: { id: string }[];
    };
    const requestId = mine.items[0]!.id;

    await business.goto(`/respond/${requestId}`);
    await expect(business.getByText('Our labrador needs a long walk on weekday mornings.')).toBeVisible();
    await expect(business.getByText('5 Wigram Rd')).toHaveCount(0);
    await business.getByRole('button', { name: 'Custom Response' }).click();
    await business.getByLabel('Quoted price ($)').fill('60');
    await business.getByLabel('Message').fill('Happy to walk your labrador every weekday.');
    await business.getByRole('button', { name: 'Submit Response' }).click();
    await expect(business.getByText('Response Submitted')).toBeVisible();

    // 1. The business counters from Pending Opportunities.
    await business.goto('/business-active');
    await business.getByRole('button', { name: 'Edit Offer' }).click();
    const edit = business.getByRole('dialog', { name: 'Edit Offer' });
    await edit.getByLabel('Price ($)').fill('55');
    await edit.getByLabel('Message').fill('I can do $55 if we start at 9 on weekdays.');
    await edit.getByRole('button', { name: 'Send Counter Offer' }).click();
    await expect(business.getByText('Counter offer sent successfully!')).toBeVisible();

    // 2. The customer sees the new price and counters back with a price and an hour.
    let offer = await openOffer(customer, 'Glebe Walkers');
    await expect(offer.getByText('$55').first()).toBeVisible();
    await offer.getByRole('button', { name: 'Modify Request' }).click();
    const modify = customer.getByRole('dialog', { name: 'Modified Offer' });
    await modify.getByLabel('Your price ($)').fill('50');
    await modify.getByLabel('Preferred time').selectOption('09:00');
    await modify.getByLabel('Message (optional)').fill('Could we settle on $50 at 9?');
    await modify.getByRole('button', { name: 'Send Modified Offer' }).click();
    await expect(customer.getByText('Counter Offer Sent')).toBeVisible();
    offer = await openOffer(customer, 'Glebe Walkers');
    await expect(offer.getByText('Pending response from business owner').first()).toBeVisible();
    await expect(offer.getByRole('button', { name: 'Confirm Booking' })).toBeDisabled();

    // 3. The business sees what the customer proposes and accepts it.
    await business.goto('/business-active');
    await expect(business.getByText('The customer proposes')).toBeVisible();
    await expect(business.getByLabel('Proposed terms')).toContainText('$50');
    await business.getByRole('button', { name: 'Accept Request' }).click();
    await expect(business.getByText('Counter offer accepted').first()).toBeVisible();

    // 4. The customer books the offer at the agreed price.
    offer = await openOffer(customer, 'Glebe Walkers');
    await expect(offer.getByText('$50').first()).toBeVisible();
    await offer.getByRole('button', { name: 'Confirm Booking' }).click();
    const confirm = customer.getByRole('dialog', { name: 'Confirm Service Offer' });
    await expect(confirm.getByText('No reviews yet')).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirm & Proceed' }).click();
    await expect(customer.getByText('Offer Confirmed')).toBeVisible();
    await customer.goto('/confirmed');
    await expect(customer.getByText('Glebe Walkers').first()).toBeVisible();

    // 5. They talk: the customer writes in the booking's conversation panel (Enter sends), the business
    //    answers on the job, and the answer appears on the customer's screen without a reload.
    await customer
      .getByRole('button', { name: /Glebe Walkers/ })
      .first()
      .click();
    const customerBox = customer.getByLabel('Message', { exact: true });
    await customerBox.fill('The gate code is 4821.');
    await customerBox.press('Enter');
    const customerThread = customer.getByRole('list', { name: 'Messages' });
    await expect(customerThread.getByText('The gate code is 4821.')).toBeVisible();

    await business.goto('/business-confirmed');
    await business.getByRole('link', { name: `Show details of ${TITLE}` }).click();
    await expect(business.getByText(ADDRESS).first()).toBeVisible();
    const businessThread = business.getByRole('list', { name: 'Messages' });
    await expect(businessThread.getByText('The gate code is 4821.')).toBeVisible();
    await business.getByLabel('Message', { exact: true }).fill('Thanks, see you at 9.');
    await business.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(businessThread.getByText('Thanks, see you at 9.')).toBeVisible();
    await expect(customerThread.getByText('Thanks, see you at 9.')).toBeVisible({ timeout: 15_000 });

    // 6. The business completes the job with a proof photo.
    await business
      .getByLabel('Proof photos')
      .setInputFiles({ name: 'walk.png', mimeType: 'image/png', buffer: PNG_16 });
    await expect(business.getByText('Images uploaded')).toBeVisible();
    await business.getByRole('button', { name: 'Mark Job Complete' }).click();
    // It asks first, saying what the customer gets.
    const confirmComplete = business.getByRole('alertdialog', { name: 'Mark this job complete?' });
    await expect(confirmComplete.getByText(/with your 1 proof photo/)).toBeVisible();
    await confirmComplete.getByRole('button', { name: 'Mark Job Complete' }).click();
    await expect(business.getByText('Job marked as completed')).toBeVisible();

    const job = (await (await business.request.get(`/api/business/jobs?section=completed`)).json()) as {
      items: {
        id: string;
        completionDate: string;
        contestDeadline: string;
        proofImages: string[];
        quotedPrice: string;
      }[];
    };
    expect(job.items).toHaveLength(1);
    const [done] = job.items;
    expect(done!.quotedPrice).toBe('50.00');
    expect(done!.proofImages).toHaveLength(1);
    expect(Date.parse(done!.contestDeadline) - Date.parse(done!.completionDate)).toBe(24 * 60 * 60 * 1000);

    // 7. The customer is asked to review before anything new, and the rating reaches the business.
    await customer.goto('/');
    await expect(
      customer.getByText('You have pending reviews for completed services.', { exact: false }).first(),
    ).toBeVisible();
    await customer.getByRole('button', { name: 'Start Reviews' }).click();
    const review = customer.getByRole('dialog', { name: 'Rate Your Experience' });
    await review.getByRole('radio', { name: '5 stars' }).click();
    await review.getByRole('textbox').fill('Punctual and our dog loved it.');
    await review.getByRole('button', { name: 'Finish Reviews' }).click();
    await expect(customer.getByText('Review Submitted')).toBeVisible();
    await expect(customer.getByRole('button', { name: /I know what I need/ })).toBeVisible();

    // Double-blind (issue 32): the rating shows once the business has reviewed the customer too.
    const back = await business.request.post(`/api/business/jobs/${done!.id}/customer-review`, {
      data: { rating: 5, reviewText: 'A pleasure to work for.' },
    });
    expect(back.status(), await back.text()).toBe(201);
    await business.goto('/business-dashboard');
    await expect(business.getByRole('region', { name: 'Glebe Walkers' })).toContainText('5.0 (1 review)');

    // 8. Hire Again: the same service, prefilled, and Glebe Walkers is told first and personally.
    await customer.goto('/history');
    await customer.getByRole('button', { name: `Hire Again for ${TITLE}` }).click();
    await expect(customer.getByLabel('Specific service (optional)')).toHaveValue('dog-walking');
    await expect(customer.getByRole('note')).toContainText('told about this request first');
    await customer.getByLabel('Describe what you need').fill('Another month of weekday walks, please.');
    await postFormRest(customer, '50');
    await expect(customer.getByTestId('hire-again-outcome')).toHaveText(
      'Glebe Walkers was told first, because you hired them before.',
    );
    await business.goto('/notifications');
    await expect(business.getByText('A past customer wants to hire you again').first()).toBeVisible();
    await customerContext.close();
  });
});
