import { expect, test, type Browser, type Page } from '@playwright/test';
import { bookJob } from './fixtures';

/**
 * Life after Confirm (issue 32): cancelling from either side, moving the time, and the refusals of a
 * race — each party on its own phone, the other's screen changing live.
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

/** The customer's booking card on Confirmed Requests, expanded. */
async function openConfirmedBooking(page: Page) {
  await page.goto('/confirmed');
  const toggle = page.locator('article h2 button').first();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

// Two phones each, several screens a journey: beyond one screen's default on a busy two-core CI host
// (these ran 30–44 s there against the 45 s limit).
test.describe.configure({ timeout: 120_000 });

test('the customer cancels: the business sees it at once, without the address', async ({
  browser,
  baseURL,
}) => {
  const { business, customer, responseId } = await bookJob(baseURL!);
  const businessPage = await phoneOf(browser, baseURL!, business);
  await businessPage.goto(`/business-confirmed?job=${responseId}`);
  await expect(businessPage.getByText('12 King St, Newtown NSW 2042').first()).toBeVisible();
  await expect(businessPage.getByRole('button', { name: 'Cancel Booking' })).toBeVisible();

  const customerPage = await phoneOf(browser, baseURL!, customer);
  await openConfirmedBooking(customerPage);
  await customerPage.getByRole('button', { name: 'Cancel Booking' }).click();
  const dialog = customerPage.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog.getByTestId('cancel-consequences')).toContainText('The business is told at once');
  // No reason: refused in the form, nothing sent.
  await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(dialog.getByText('Please choose a reason')).toBeVisible();
  await dialog.getByLabel('Reason').selectOption({ label: 'The job is no longer needed' });
  await dialog.getByLabel('Anything to add (optional)').fill('We moved out early.');
  await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(customerPage.getByText('Booking cancelled')).toBeVisible();

  // Job History holds it, with who and why.
  await customerPage.goto('/history');
  const notice = customerPage.getByTestId('cancellation-notice');
  await expect(notice).toContainText('CANCELLED');
  await expect(notice).toContainText('Cancelled by you: The job is no longer needed — We moved out early.');
  await expect(notice.getByRole('button', { name: 'Reopen for quotes' })).toHaveCount(0);

  // The business's open job changed live: CANCELLED, who and why, no address, no actions.
  const businessNotice = businessPage.getByTestId('cancellation-notice');
  await expect(businessNotice).toContainText('Cancelled by the customer: The job is no longer needed');
  await expect(businessPage.getByText('12 King St, Newtown NSW 2042')).toHaveCount(0);
  await expect(businessPage.getByRole('button', { name: 'Cancel Booking' })).toHaveCount(0);
  await expect(businessPage.getByRole('button', { name: 'Propose New Time' })).toHaveCount(0);
  // Told in the app: the bell's notification.
  const notifications = await business.api.get('/api/notifications?limit=10');
  expect(JSON.stringify(await notifications.json())).toContain('Booking cancelled');
});

test('the business cancels: the customer is told and reopens the request for quotes', async ({
  browser,
  baseURL,
}) => {
  const { business, customer, requestId, responseId } = await bookJob(baseURL!);
  const customerPage = await phoneOf(browser, baseURL!, customer);
  await openConfirmedBooking(customerPage);
  await expect(customerPage.getByRole('button', { name: 'Cancel Booking' })).toBeVisible();

  const businessPage = await phoneOf(browser, baseURL!, business);
  await businessPage.goto(`/business-confirmed?job=${responseId}`);
  await businessPage.getByRole('button', { name: 'Cancel Booking' }).click();
  const dialog = businessPage.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog.getByTestId('cancel-consequences')).toContainText(
    'the job address is no longer shown to you',
  );
  await dialog.getByLabel('Reason').selectOption({ label: 'Other' });
  await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(dialog.getByText('Please say why in a few words')).toBeVisible();
  await dialog.getByLabel('Tell them why').fill('Our van broke down for the week.');
  await dialog.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(businessPage.getByTestId('cancellation-notice')).toContainText(
    'Cancelled by you: Other — Our van broke down for the week.',
  );

  // The customer's Confirmed Requests lost it live; Job History says why and offers to reopen.
  await expect(customerPage.getByRole('button', { name: 'Cancel Booking' })).toHaveCount(0);
  await customerPage.goto('/history');
  const notice = customerPage.getByTestId('cancellation-notice');
  await expect(notice).toContainText('Cancelled by the business: Other — Our van broke down for the week.');
  await notice.getByRole('button', { name: 'Reopen for quotes' }).click();
  await expect(customerPage.getByText('Request reopened')).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Reopen for quotes' })).toHaveCount(0);
  const request = await customer.api.get(`/api/requests/${requestId}`);
  expect(((await request.json()) as { status: string }).status).toBe('open');
});

/** A date `days` ahead, as the date input takes it. */
function daysAhead(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test('a new time: proposed by one, accepted by the other, refused after a cancellation', async ({
  browser,
  baseURL,
}) => {
  const { business, customer, responseId } = await bookJob(baseURL!);
  const customerPage = await phoneOf(browser, baseURL!, customer);
  await openConfirmedBooking(customerPage);
  await expect(customerPage.getByTestId('agreed-time')).toHaveText('No date agreed');

  const businessPage = await phoneOf(browser, baseURL!, business);
  await businessPage.goto(`/business-confirmed?job=${responseId}`);
  await businessPage.getByRole('button', { name: 'Propose New Time' }).click();
  const dialog = businessPage.getByRole('dialog', { name: 'Propose a new time' });
  const date = daysAhead(5);
  await dialog.getByLabel('New date').fill(date);
  await dialog.getByLabel('New time').selectOption('10:00');
  await dialog.getByLabel('Note (optional)').fill('The part arrives on Monday.');
  await dialog.getByRole('button', { name: 'Propose New Time' }).click();
  await expect(dialog).toBeHidden();
  const own = businessPage.getByTestId('proposed-time');
  await expect(own).toContainText('You proposed a new time');
  await expect(own.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await expect(own.getByRole('button', { name: 'Accept New Time' })).toHaveCount(0);
  // One open proposal at a time: the button is gone until it is answered.
  await expect(businessPage.getByRole('button', { name: 'Propose New Time' })).toHaveCount(0);

  // The customer's open booking shows it live, and accepts it.
  const proposal = customerPage.getByTestId('proposed-time');
  await expect(proposal).toContainText('The business proposed a new time');
  await expect(proposal).toContainText('The part arrives on Monday.');
  await proposal.getByRole('button', { name: 'Accept New Time' }).click();
  await expect(customerPage.getByText('New time accepted')).toBeVisible();
  await expect(customerPage.getByTestId('proposed-time')).toHaveCount(0);
  await expect(customerPage.getByTestId('agreed-time')).toContainText('at 10:00');
  const agreed = await customerPage.getByTestId('agreed-time').textContent();
  // The business's job shows the agreed time, live.
  await expect(businessPage.getByTestId('agreed-time')).toHaveText(agreed!);
  await expect(businessPage.getByTestId('proposed-time')).toHaveCount(0);

  // The customer proposes another; the business declines it; the time stays.
  await customerPage.getByRole('button', { name: 'Propose New Time' }).click();
  const second = customerPage.getByRole('dialog', { name: 'Propose a new time' });
  await second.getByLabel('New date').fill(daysAhead(9));
  await second.getByRole('button', { name: 'Propose New Time' }).click();
  await expect(second).toBeHidden();
  const incoming = businessPage.getByTestId('proposed-time');
  await expect(incoming).toContainText('The customer proposed a new time');
  // While it is open, the business's own proposal is refused in words (as a stale screen would meet it).
  const clash = await business.api.post(`/api/bookings/${responseId}/reschedule`, {
    data: { date: daysAhead(12), time: null, seenTime: { date, time: '10:00:00' } },
  });
  expect(clash.status()).toBe(409);
  expect(((await clash.json()) as { message: string }).message).toContain('already proposed');
  await incoming.getByRole('button', { name: 'Decline' }).click();
  await expect(businessPage.getByText('New time declined')).toBeVisible();
  await expect(customerPage.getByTestId('proposed-time')).toHaveCount(0);
  await expect(customerPage.getByTestId('agreed-time')).toHaveText(agreed!);

  // A proposal still open when the booking is cancelled cannot be accepted afterwards.
  const third = await customer.api.post(`/api/bookings/${responseId}/reschedule`, {
    data: { date: daysAhead(14), time: '09:00', seenTime: { date, time: '10:00:00' } },
  });
  expect(third.status(), await third.text()).toBe(204);
  await expect(businessPage.getByTestId('proposed-time')).toContainText('The customer proposed');
  const booking = (await (await customer.api.get(`/api/bookings/${responseId}`)).json()) as {
    changes: { openProposal: { id: string } };
  };
  const cancelled = await customer.api.post(`/api/bookings/${responseId}/cancel`, {
    data: { reason: 'schedule_conflict', note: '', seenTime: { date, time: '10:00:00' } },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(204);
  const late = await business.api.post(
    `/api/bookings/${responseId}/reschedule/${booking.changes.openProposal.id}/accept`,
  );
  expect(late.status()).toBe(409);
  expect(((await late.json()) as { message: string }).message).toBe(
    'This booking was cancelled, so its time cannot change.',
  );
  await expect(businessPage.getByTestId('cancellation-notice')).toContainText('Cancelled by the customer');
});
