import { expect, test, type Browser, type Page } from '@playwright/test';
import { bookJob } from './fixtures';

/**
 * Reviews both ways (issue 32): the business rates the customer, each side's review stays hidden
 * until the other has written (double-blind), each reviewed party replies once, and a business the
 * customer asks next sees the customer's rating.
 */

type Party = Awaited<ReturnType<typeof bookJob>>['customer'];

async function phoneOf(browser: Browser, baseURL: string, party: Party): Promise<Page> {
  const context = await browser.newContext({
    ...test.info().project.use,
    baseURL,
    storageState: await party.api.storageState(),
  });
  return context.newPage();
}

test('both sides review, see each other only once both have, and reply', async ({ browser, baseURL }) => {
  // Two phones, eight screens and a new request: longer than one screen's default on a busy CI host.
  test.setTimeout(120_000);
  const { business, customer, responseId } = await bookJob(baseURL!);
  const done = await business.api.post(`/api/business/jobs/${responseId}/complete`, {
    data: { requestReview: false },
  });
  expect(done.status(), await done.text()).toBe(200);

  // 1. The business reviews the customer from the job.
  const businessPage = await phoneOf(browser, baseURL!, business);
  await businessPage.goto(`/business-confirmed?job=${responseId}`);
  const card = businessPage.getByRole('region', { name: 'Review the customer' });
  await card.getByRole('radio', { name: '4 stars' }).click();
  await card.getByLabel('Your review (optional)').fill('Clear about the job, paid on the day.');
  await card.getByRole('button', { name: 'Submit Review' }).click();
  const mine = card.getByTestId('my-customer-review');
  await expect(mine).toContainText('Your review of Omar Reyes');
  await expect(mine).toContainText('Hidden until the other side reviews too');

  // 2. Hidden from the customer until they review too.
  const customerPage = await phoneOf(browser, baseURL!, customer);
  await customerPage.goto('/settings');
  const reviews = customerPage.getByRole('region', { name: 'Reviews' });
  await expect(reviews).toContainText('No reviews of you are shown yet.');

  // 3. The customer reviews the business: both now show.
  await customerPage.goto('/history');
  await customerPage.getByRole('button', { name: /^Write Review for / }).click();
  const dialog = customerPage.getByRole('dialog', { name: 'Rate Your Experience' });
  await dialog.getByRole('radio', { name: '5 stars' }).click();
  await dialog.getByRole('textbox').fill('Both power points work again.');
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(customerPage.getByText('Review Submitted')).toBeVisible();

  await customerPage.goto('/settings');
  const ofCustomer = reviews
    .getByTestId('review-entry')
    .filter({ hasText: 'Sparks Electrical reviewed you' });
  await expect(ofCustomer).toContainText('Clear about the job, paid on the day.');
  await ofCustomer.getByRole('button', { name: 'Reply' }).click();
  await ofCustomer.getByLabel('Reply publicly').fill('Thanks — quick and tidy work.');
  await ofCustomer.getByRole('button', { name: 'Post Reply' }).click();
  await expect(ofCustomer).toContainText('Your reply');
  await expect(ofCustomer.getByRole('button', { name: 'Reply' })).toHaveCount(0);

  // 4. The business sees the customer's review (and its rating counts), and the customer's reply.
  await businessPage.goto('/business-settings');
  const businessReviews = businessPage.getByRole('region', { name: 'Reviews' });
  const ofBusiness = businessReviews
    .getByTestId('review-entry')
    .filter({ hasText: 'Omar Reyes reviewed you' });
  await expect(ofBusiness).toContainText('Both power points work again.');
  await expect(
    businessReviews.getByTestId('review-entry').filter({ hasText: 'You reviewed Omar Reyes' }),
  ).toContainText('Thanks — quick and tidy work.');
  await ofBusiness.getByRole('button', { name: 'Reply' }).click();
  await ofBusiness.getByLabel('Reply publicly').fill('Glad to help, Omar.');
  await ofBusiness.getByRole('button', { name: 'Post Reply' }).click();
  await expect(ofBusiness).toContainText('Your reply');

  // 5. The customer's next request: the business sees how businesses rated them.
  const posted = await customer.api.post('/api/requests', {
    data: {
      serviceType: 'Home & Property Services',
      serviceSubtype: 'electrical',
      description: 'A ceiling light flickers in the hallway.',
      location: '12 King St, Newtown NSW 2042',
      serviceAreaKm: 10,
      budget: 120,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id: nextRequest } = (await posted.json()) as { id: string };
  await businessPage.goto(`/respond/${nextRequest}`);
  await expect(businessPage.getByTestId('customer-standing')).toHaveText('Customer rating 4.0 (1 review)');
});
