import { expect, test, type Browser, type Page } from '@playwright/test';
import { bookJob, PNG_16, signInAsAdministrator } from './fixtures';

/**
 * Disputes that end fairly (issue 32): the customer contests a completion, the business explains,
 * the customer escalates, and an administrator reads the case — both sides' words, a proof photo, the
 * conversation — and decides with a note both parties then see. Each person on their own phone.
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

// Unique to the run, so a retry finds its own case in the queue (the job's title is the fixture's).
const REASON = `The kitchen power points still trip the switch (${Date.now().toString(36)}).`;
const ANSWER = 'Both points test fine; the fridge on that circuit trips it.';
const NOTE = 'The proof photo shows only one point replaced; the second was not done.';

test('a dispute to an administrator’s decision', async ({ browser, baseURL, page }) => {
  // Three people on three phones through seven screens: longer than one screen's journey.
  test.setTimeout(120_000);
  const { business, customer, responseId } = await bookJob(baseURL!);
  // They talk, and the business completes the job with a proof photo.
  const said = await customer.api.post(`/api/conversations/${responseId}/messages`, {
    data: { message: 'The spare key is under the mat.' },
  });
  expect(said.status(), await said.text()).toBe(201);
  const uploaded = await business.api.post('/api/uploads?purpose=completion_proof', {
    multipart: { file: { name: 'proof.png', mimeType: 'image/png', buffer: PNG_16 } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { url: proofUrl } = (await uploaded.json()) as { url: string };
  const done = await business.api.post(`/api/business/jobs/${responseId}/complete`, {
    data: { requestReview: false, proofImages: [proofUrl] },
  });
  expect(done.status(), await done.text()).toBe(200);
  const booking = (await (await customer.api.get(`/api/bookings/${responseId}`)).json()) as {
    request: { title: string };
  };
  const title = booking.request.title;

  // 1. The customer contests the completion in Job History.
  const customerPage = await phoneOf(browser, baseURL!, customer);
  await customerPage.goto('/history');
  await customerPage.getByRole('button', { name: `Contest ${title}` }).click();
  const contest = customerPage.getByRole('dialog', { name: 'Contest completion' });
  await contest.getByLabel('What is wrong with the work?').fill(REASON);
  await contest.getByRole('button', { name: 'Contest Completion' }).click();
  await expect(contest).toBeHidden();
  await expect(customerPage.getByText('Contested — waiting for the business to answer')).toBeVisible();

  // 2. The business explains, from the job.
  const businessPage = await phoneOf(browser, baseURL!, business);
  await businessPage.goto(`/business-confirmed?job=${responseId}`);
  const card = businessPage.getByRole('region', { name: 'The customer contested the completion' });
  await expect(card.getByTestId('dispute-reason')).toContainText(REASON);
  await card.getByRole('radio', { name: /Explain/ }).check();
  await card.getByLabel('Your answer').fill(ANSWER);
  await card.getByRole('button', { name: 'Send answer' }).click();
  const waiting = businessPage.getByRole('region', { name: 'Waiting for the customer' });
  await expect(waiting.getByTestId('dispute-answer')).toContainText(ANSWER);

  // 3. The customer's screen changed live: the answer, Accept or Escalate. They escalate.
  await expect(customerPage.getByTestId('dispute-answer')).toContainText(ANSWER);
  await expect(customerPage.getByRole('button', { name: `Accept answer for ${title}` })).toBeVisible();
  await customerPage.getByRole('button', { name: `Escalate to Grip for ${title}` }).click();
  const escalate = customerPage.getByRole('dialog', { name: 'Bring this dispute to Grip?' });
  await escalate.getByRole('button', { name: 'Escalate to Grip' }).click();
  await expect(escalate).toBeHidden();
  await expect(customerPage.getByText('An administrator is deciding')).toBeVisible();
  await expect(customerPage.getByRole('button', { name: `Accept answer for ${title}` })).toHaveCount(0);
  await expect(businessPage.getByRole('region', { name: 'An administrator is deciding' })).toBeVisible();

  // 4. An administrator opens the case from /admin → Disputes and reads both sides, a photo, a message.
  await signInAsAdministrator(page);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Disputes' }).click();
  await page
    .getByTestId('dispute-row')
    .filter({ hasText: REASON })
    .getByRole('button', { name: `Open case: ${title}` })
    .click();
  const disputeCase = page.getByRole('article', { name: title });
  await expect(disputeCase.getByTestId('dispute-reason')).toContainText(REASON);
  await expect(disputeCase.getByTestId('dispute-answer')).toContainText(ANSWER);
  const photo = disputeCase.getByRole('img', { name: 'Proof photos 1' });
  await expect(photo).toHaveAttribute('src', proofUrl);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(disputeCase.getByTestId('dispute-message').first()).toContainText(
    'The spare key is under the mat.',
  );

  // It decides for the customer, with a note, after confirming.
  await disputeCase.getByRole('radio', { name: 'For the customer' }).check();
  await disputeCase.getByLabel('Note to both sides').fill(NOTE);
  await disputeCase.getByRole('button', { name: 'Decide' }).click();
  const confirm = page.getByRole('dialog', { name: 'Decide this dispute' });
  await expect(confirm).toContainText('Decide for the customer? This ends the dispute and cannot be undone.');
  await confirm.getByRole('button', { name: 'Decide for the customer' }).click();
  await expect(confirm).toBeHidden();
  await expect(disputeCase.getByTestId('dispute-outcome')).toContainText(NOTE);

  // 5. Both parties see the outcome and the note; the customer can now review the job.
  const outcome = customerPage.getByTestId('dispute-outcome');
  await expect(outcome).toContainText('Grip decided this dispute for the customer.');
  await expect(outcome).toContainText(NOTE);
  await businessPage.goto('/notifications');
  await expect(businessPage.getByText('Dispute decided').first()).toBeVisible();
  await expect(businessPage.getByText(NOTE, { exact: false }).first()).toBeVisible();

  await customerPage.getByRole('button', { name: `Write Review for ${title}` }).click();
  const review = customerPage.getByRole('dialog', { name: 'Rate Your Experience' });
  await review.getByRole('radio', { name: '4 stars' }).click();
  await review.getByRole('button', { name: 'Submit Review' }).click();
  await expect(customerPage.getByText('Review Submitted')).toBeVisible();
});
