import fs from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { confirmOffer, otherUser } from './fixtures';

/**
 * Calendars (issue 32): both parties download a booking's .ics from its screen and a maintained
 * iCalendar parser (ical.js) reads the agreed window, the title and the address; the customer makes
 * a private feed link in Settings, and the feed it names holds the booking.
 */

const ADDRESS = '12 King St, Newtown NSW 2042';
const TITLE = 'Two power points in the kitchen stopped working';
const BUSINESS = 'Sparks Electrical';

/** A date `n` days from today (UTC), as the quote form sends it. */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * A booked job with an agreed time: as e2e/fixtures.ts `bookJob`, but the quote names a date, a time
 * and a duration, which is what a calendar event is made of.
 */
async function bookDatedJob(baseURL: string, date: string) {
  const business = await otherUser(baseURL, { name: 'Lena Sparks' });
  const registered = await business.api.post('/api/business-registration', {
    data: {
      businessName: BUSINESS,
      contactPerson: 'Lena Sparks',
      address: 'Newtown NSW',
      useAccountEmail: true,
      phone: '+61 400 555 111',
      serviceCategories: ['Electrical'],
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const customer = await otherUser(baseURL, { name: 'Omar Reyes' });
  const posted = await customer.api.post('/api/requests', {
    data: {
      serviceType: 'Home & Property Services',
      serviceSubtype: 'electrical',
      description: 'Two power points in the kitchen stopped working.',
      location: ADDRESS,
      serviceAreaKm: 10,
      budget: 180,
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id: requestId } = (await posted.json()) as { id: string };
  const quoted = await business.api.post(`/api/business/requests/${requestId}/responses`, {
    data: {
      message: 'I can fix both power points that morning.',
      quotedPrice: 160,
      priceType: 'fixed',
      availabilityDate: date,
      availabilityTime: '10:00',
      estimatedDuration: '3 hours',
    },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
  const { id: responseId } = (await quoted.json()) as { id: string };
  const booked = await confirmOffer(customer.api, responseId);
  expect(booked.ok(), await booked.text()).toBe(true);
  return { business, customer, responseId };
}

/** The events of an iCalendar text as ical.js reads them. */
function eventsOf(text: string) {
  const calendar = ICAL.Component.fromString(text);
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      location: component.getFirstPropertyValue('location'),
      status: component.getFirstPropertyValue('status'),
    };
  });
}

/** Clicks Add to calendar and reads the file the browser saved. */
async function addToCalendar(page: Page): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Add to calendar' }).click(),
  ]);
  const file = await download.path();
  return { download, text: await fs.readFile(file, 'utf8') };
}

test('Add to calendar on both sides, and the private feed link from Settings', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const date = inDays(6);
  const { business, customer, responseId } = await bookDatedJob(baseURL!, date);
  const expected = {
    uid: `booking-${responseId}@localhost`,
    summary: TITLE,
    start: `${date}T10:00:00`,
    end: `${date}T13:00:00`,
    location: ADDRESS,
    status: 'CONFIRMED',
  };

  // The customer: Confirmed Requests, the booking opened, Add to calendar.
  const customerContext = await browser.newContext({
    baseURL,
    storageState: await customer.api.storageState(),
  });
  const page = await customerContext.newPage();
  await page.goto('/confirmed');
  await page
    .getByRole('button', { name: new RegExp(BUSINESS) })
    .first()
    .click();
  const mine = await addToCalendar(page);
  expect(mine.download.suggestedFilename()).toBe(`grip-booking-${responseId}.ics`);
  expect(eventsOf(mine.text)).toEqual([expected]);

  // The business: the job's detail view has the same event, address included while it is booked.
  const businessContext = await browser.newContext({
    baseURL,
    storageState: await business.api.storageState(),
  });
  const businessPage = await businessContext.newPage();
  await businessPage.goto('/business-confirmed');
  await businessPage.getByRole('link', { name: `Show details of ${TITLE}` }).click();
  await expect(businessPage.getByText(ADDRESS).first()).toBeVisible();
  const theirs = await addToCalendar(businessPage);
  expect(eventsOf(theirs.text)).toEqual([expected]);
  await businessContext.close();

  // The customer's feed: made in Settings, shown once, read without a session as a calendar app does.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Create feed link' }).click();
  const field = page.getByLabel('Your calendar feed link');
  await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(page.getByText(/^This link is shown only once\./)).toBeVisible();
  const url = await field.inputValue();
  const anonymous = await browser.newContext();
  const feed = await anonymous.request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(eventsOf(await feed.text())).toEqual([expected]);
  // The page's own request context reads it too (the link is all it takes).
  expect(eventsOf(await (await page.request.get(url)).text())).toEqual([expected]);

  // Turned off, the link stops at once.
  await page.getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('button', { name: 'Create feed link' })).toBeVisible();
  expect((await anonymous.request.get(url)).status()).toBe(404);
  await anonymous.close();
  await customerContext.close();
});
