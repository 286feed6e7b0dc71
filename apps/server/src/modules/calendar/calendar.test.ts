import { createHash } from 'node:crypto';
import {
  CALENDAR_MESSAGES,
  CANCELLED_JOB,
  CANCELLED_OFFER,
  DAY_MS,
  PROPOSAL_LIFECYCLE,
  stateAfter,
} from '@grip/domain';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idempotencyKeys,
  businessResponses,
  calendarFeeds,
  profiles,
  rescheduleProposals,
  serviceRequests,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

const PUBLIC_URL = 'http://grip.test:3000';
const ADDRESS = '12 Glebe Point Rd, Glebe NSW 2037';
/** Escaping is exercised by every read: ical.js must give back exactly this. */
const TITLE = 'Mow, edge; and trim \\ the lawn';
const ACCEPTED_PROPOSAL = stateAfter(PROPOSAL_LIFECYCLE, 'accept');

let t: TestApp;
const logged: string[] = [];
beforeAll(async () => {
  t = await createTestApp(
    { PUBLIC_URL, LOG_LEVEL: 'info' },
    { logStream: { write: (line) => void logged.push(line) } },
  );
});
afterAll(async () => {
  await t.close();
});

/** A date `n` days from today (UTC), as the database keeps it. */
const inDays = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

interface Account {
  cookie: string;
  userId: string;
}

async function business(name = 'Leafy Lawns'): Promise<Account> {
  const b = await t.signUp({ role: 'business_owner', businessName: name });
  await t.db
    .update(profiles)
    .set({ serviceCategories: ['Gardening'], latitude: -33.879, longitude: 151.186, serviceAreaKm: 25 })
    .where(eq(profiles.userId, b.userId));
  return b;
}

/**
 * A request of `customer` quoted by `b` and confirmed by the customer, through the API. The quote
 * names the time when `availability` is given; the request its preferred date when `preferred` is.
 */
async function booking(
  b: Account,
  customer: Account,
  options: {
    availability?: { date: string; time?: string; duration?: string };
    preferred?: { date: string; time?: string };
  } = {},
) {
  const req = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: customer.cookie,
    payload: {
      serviceType: 'Home & Property Services',
      serviceSubtype: 'gardening',
      description: 'The lawn needs mowing and edging.',
      location: ADDRESS,
      serviceAreaKm: 10,
      budget: 90,
      ...(options.preferred
        ? { preferredDate: options.preferred.date, preferredTime: options.preferred.time ?? null }
        : {}),
    },
  });
  expect(req.statusCode, req.body).toBe(201);
  const requestId = req.json().id as string;
  await t.db.update(serviceRequests).set({ title: TITLE }).where(eq(serviceRequests.id, requestId));
  const { availability } = options;
  const res = await t.inject({
    method: 'POST',
    url: `/api/business/requests/${requestId}/responses`,
    cookie: b.cookie,
    payload: {
      message: 'Mowing and edging on Saturday.',
      quotedPrice: 90,
      priceType: 'fixed',
      ...(availability
        ? {
            availabilityDate: availability.date,
            availabilityTime: availability.time ?? null,
            estimatedDuration: availability.duration ?? null,
          }
        : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const responseId = res.json().id as string;
  const confirmed = await t.confirmOffer(customer.cookie, responseId);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { requestId, responseId };
}

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  location: string | null;
  start: string;
  end: string;
  isAllDay: boolean;
  isFloating: boolean;
  sequence: number;
  status: unknown;
}

/** The events of an iCalendar text, read by a maintained parser (ical.js). */
function parse(text: string): { name: unknown; events: ParsedEvent[] } {
  const calendar = ICAL.Component.fromString(text);
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const start = component.getFirstProperty('dtstart');
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: component.getFirstPropertyValue('location') as string | null,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      isAllDay: event.startDate.isDate,
      // Neither a TZID nor UTC: the clock time as booked, wherever it is read.
      isFloating: !start?.getParameter('tzid') && event.startDate.zone?.tzid === 'floating',
      sequence: event.sequence,
      status: component.getFirstPropertyValue('status'),
    };
  });
  return { name: calendar.getFirstPropertyValue('x-wr-calname'), events };
}

const download = (cookie: string | undefined, responseId: string) =>
  t.inject({ url: `/api/bookings/${responseId}/calendar.ics`, cookie });

async function cancel(responseId: string, by: 'customer' | 'business') {
  await t.db
    .update(businessResponses)
    .set({
      status: CANCELLED_OFFER,
      completionStatus: CANCELLED_JOB,
      cancelledAt: new Date(),
      cancelledBy: by,
      cancellationReason: 'schedule_conflict',
    })
    .where(eq(businessResponses.id, responseId));
}

const createFeed = async (cookie: string) => {
  const res = await t.inject({ method: 'POST', url: '/api/me/calendar-feed', cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url as string;
};
/** The feed as a calendar app reads it: the URL alone, no cookie. */
const readFeed = (url: string) => t.inject({ url: new URL(url).pathname });

describe('GET /api/bookings/:responseId/calendar.ics', () => {
  it('gives either party the booking as an event: the title, the agreed window, the address', async () => {
    const b = await business('Leafy Lawns');
    const customer = await t.signUp({ name: 'Omar Reyes' });
    const date = inDays(10);
    const { responseId } = await booking(b, customer, {
      availability: { date, time: '09:00', duration: 'Half day' },
    });

    const mine = await download(customer.cookie, responseId);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="grip-booking-${responseId}.ics"`);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const [event, ...others] = parse(mine.body).events;
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      uid: `booking-${responseId}@grip.test`,
      summary: TITLE,
      start: `${date}T09:00:00`,
      end: `${date}T13:00:00`,
      isAllDay: false,
      isFloating: true,
      location: ADDRESS,
      status: 'CONFIRMED',
      sequence: 0,
    });
    expect(event!.description).toBe(`Booked with Leafy Lawns.\nSee it in Grip: ${PUBLIC_URL}/confirmed`);

    const theirs = await download(b.cookie, responseId);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const [job] = parse(theirs.body).events;
    expect(job).toMatchObject({ uid: event!.uid, summary: TITLE, start: event!.start, location: ADDRESS });
    expect(job!.description).toBe(
      `Booked by Omar Reyes.\nSee it in Grip: ${PUBLIC_URL}/business-confirmed?job=${responseId}`,
    );
  });

  it('is not found for anyone else, for a quote that is not a booking, and for a malformed id', async () => {
    const b = await business();
    const customer = await t.signUp();
    const { responseId } = await booking(b, customer, { availability: { date: inDays(5), time: '10:00' } });
    const stranger = await t.signUp();
    const otherBusiness = await business('Edge Masters');

    for (const who of [stranger, otherBusiness]) {
      const res = await download(who.cookie, responseId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found', message: CALENDAR_MESSAGES.notFound });
    }
    expect((await download(undefined, responseId)).statusCode).toBe(401);
    expect((await download(customer.cookie, 'not-a-uuid')).statusCode).toBe(404);
    expect((await download(customer.cookie, "1' or '1'='1")).statusCode).toBe(404);
    expect((await download(customer.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // Past Fastify's longest parameter the router itself refuses the address (400, as every route).
    expect([400, 404]).toContain((await download(customer.cookie, 'x'.repeat(101))).statusCode);

    // A quote the customer has not accepted is nobody's booking yet.
    const req = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: customer.cookie,
      payload: {
        serviceType: 'Home & Property Services',
        serviceSubtype: 'gardening',
        description: 'The hedge needs trimming.',
        location: ADDRESS,
        serviceAreaKm: 10,
        budget: 60,
        preferredDate: inDays(3),
      },
    });
    const quote = await t.inject({
      method: 'POST',
      url: `/api/business/requests/${req.json().id as string}/responses`,
      cookie: b.cookie,
      payload: { message: 'Hedge trimmed on Monday.', quotedPrice: 60, priceType: 'fixed' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    expect((await download(customer.cookie, quote.json().id as string)).statusCode).toBe(404);
    expect((await download(b.cookie, quote.json().id as string)).statusCode).toBe(404);
  });

  it('makes a date without a time an all-day event, and refuses a booking with no date at all', async () => {
    const b = await business();
    const customer = await t.signUp();
    const date = inDays(7);
    const allDay = await booking(b, customer, { preferred: { date } });
    const [event] = parse((await download(customer.cookie, allDay.responseId)).body).events;
    expect(event).toMatchObject({ isAllDay: true, start: date, end: inDays(8) });

    const undated = await booking(b, customer);
    const res = await download(customer.cookie, undated.responseId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: CALENDAR_MESSAGES.noDate });
  });

  it('shows a cancelled booking as cancelled, and no longer gives its business the address', async () => {
    const b = await business();
    const customer = await t.signUp();
    const { responseId } = await booking(b, customer, {
      availability: { date: inDays(4), time: '08:00', duration: '2 hours' },
    });
    await cancel(responseId, 'business');

    const [job] = parse((await download(b.cookie, responseId)).body).events;
    expect(job).toMatchObject({ status: 'CANCELLED', location: null, sequence: 1 });
    expect(job!.description).toContain('Cancelled by you.');
    const raw = (await download(b.cookie, responseId)).body;
    expect(raw).not.toContain('LOCATION');
    expect(raw).not.toContain('Glebe Point');

    // The customer's own request keeps its address.
    const [mine] = parse((await download(customer.cookie, responseId)).body).events;
    expect(mine).toMatchObject({ status: 'CANCELLED', location: ADDRESS, sequence: 1 });
    expect(mine!.description).toContain('Cancelled by the business.');
  });
});

describe('the calendar feed', () => {
  it('is created, read without a session, reset (the old link stops at once) and turned off', async () => {
    const b = await business();
    const customer = await t.signUp();
    const date = inDays(12);
    const { responseId } = await booking(b, customer, { availability: { date, time: '15:30' } });

    const off = await t.inject({ url: '/api/me/calendar-feed', cookie: customer.cookie });
    expect(off.json()).toEqual({ active: false, createdAt: null });

    const url = await createFeed(customer.cookie);
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    const on = (await t.inject({ url: '/api/me/calendar-feed', cookie: customer.cookie })).json();
    expect(on).toMatchObject({ active: true });
    expect(Date.parse(on.createdAt as string)).not.toBeNaN();
    // Only the token's hash is kept.
    const token = /\/api\/calendar\/(.+)\.ics$/.exec(url)![1]!;
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, customer.userId));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const feed = await readFeed(url);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, no-cache');
    const calendar = parse(feed.body);
    expect(calendar.name).toBe(CALENDAR_MESSAGES.calendarName);
    expect(calendar.events).toHaveLength(1);
    expect(calendar.events[0]).toMatchObject({
      uid: `booking-${responseId}@grip.test`,
      start: `${date}T15:30:00`,
      end: `${date}T17:30:00`,
      location: ADDRESS,
    });

    const newUrl = await createFeed(customer.cookie);
    expect(newUrl).not.toBe(url);
    expect((await readFeed(url)).statusCode).toBe(404);
    expect((await readFeed(newUrl)).statusCode).toBe(200);

    const turnedOff = await t.inject({
      method: 'DELETE',
      url: '/api/me/calendar-feed',
      cookie: customer.cookie,
    });
    expect(turnedOff.statusCode).toBe(204);
    const gone = await readFeed(newUrl);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
    expect(gone.json()).toMatchObject({ message: CALENDAR_MESSAGES.feedNotFound });
    expect((await t.inject({ url: '/api/me/calendar-feed', cookie: customer.cookie })).json()).toEqual({
      active: false,
      createdAt: null,
    });
    // Turning off what is off is no error.
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/me/calendar-feed', cookie: customer.cookie }))
        .statusCode,
    ).toBe(204);
  });

  it('needs a session to manage, and answers not found for a malformed or unknown token', async () => {
    expect((await t.inject({ url: '/api/me/calendar-feed' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/api/me/calendar-feed' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'DELETE', url: '/api/me/calendar-feed' })).statusCode).toBe(401);
    for (const path of [
      '/api/calendar/abc.ics',
      `/api/calendar/${'A'.repeat(43)}.ics`,
      `/api/calendar/${'A'.repeat(42)}%00.ics`,
      '/api/calendar/.ics',
    ]) {
      const res = await t.inject({ url: path });
      expect(res.statusCode, path).toBe(404);
    }
    expect([400, 404]).toContain(
      (await t.inject({ url: `/api/calendar/${'x'.repeat(300)}.ics` })).statusCode,
    );
  });

  it('lists the account’s bookings as customer and as business, moved ones at their new time', async () => {
    const b = await business('Hedge Heroes');
    const customer = await t.signUp();
    const asCustomer = await booking(b, customer, { availability: { date: inDays(6), time: '09:00' } });
    // An account that is also the customer of a booking (the API keeps businesses from posting
    // requests, so the data says it): its feed holds both sides.
    const other = await business('Pool Pros');
    const asBusinessCustomer = await booking(other, customer, {
      availability: { date: inDays(8), time: '11:00' },
    });
    await t.db
      .update(serviceRequests)
      .set({ userId: b.userId })
      .where(eq(serviceRequests.id, asBusinessCustomer.requestId));
    const undated = await booking(b, customer);
    const old = await booking(b, customer, { availability: { date: inDays(2), time: '07:00' } });
    await t.db
      .update(businessResponses)
      .set({ availabilityDate: inDays(-100) })
      .where(eq(businessResponses.id, old.responseId));
    const recent = await booking(b, customer, { availability: { date: inDays(2), time: '07:00' } });
    await t.db
      .update(businessResponses)
      .set({ availabilityDate: inDays(-80) })
      .where(eq(businessResponses.id, recent.responseId));

    const url = await createFeed(b.cookie);
    const before = parse((await readFeed(url)).body).events;
    const ids = before.map((e) => e.uid.replace(/^booking-|@grip\.test$/g, ''));
    // Newest first by date; the one of 100 days ago and the undated one are left out.
    expect(ids).toEqual([asBusinessCustomer.responseId, asCustomer.responseId, recent.responseId]);
    expect(ids).not.toContain(undated.responseId);
    expect(ids).not.toContain(old.responseId);
    const mine = before.find((e) => e.uid.includes(asBusinessCustomer.responseId))!;
    expect(mine.description).toContain('Booked with Pool Pros.');
    const job = before.find((e) => e.uid.includes(asCustomer.responseId))!;
    expect(job).toMatchObject({ sequence: 0, location: ADDRESS });

    // The booking moves (as an accepted proposal writes it): the feed follows, with a higher SEQUENCE.
    const movedTo = inDays(9);
    await t.db.insert(rescheduleProposals).values({
      responseId: asCustomer.responseId,
      proposedBy: 'customer',
      proposerUserId: customer.userId,
      proposedDate: movedTo,
      proposedTime: '14:00',
      previousDate: inDays(6),
      previousTime: '09:00',
      status: ACCEPTED_PROPOSAL,
      answeredAt: new Date(),
    });
    await t.db
      .update(businessResponses)
      .set({ availabilityDate: movedTo, availabilityTime: '14:00' })
      .where(eq(businessResponses.id, asCustomer.responseId));
    const after = parse((await readFeed(url)).body).events;
    const moved = after.find((e) => e.uid.includes(asCustomer.responseId))!;
    expect(moved).toMatchObject({ start: `${movedTo}T14:00:00`, end: `${movedTo}T16:00:00`, sequence: 1 });
    expect(after[0]!.uid).toBe(moved.uid);

    // Cancelled: still there, as cancelled, without the address, one version later again.
    await cancel(asCustomer.responseId, 'customer');
    const cancelled = parse((await readFeed(url)).body).events.find((e) => e.uid === moved.uid)!;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', location: null, sequence: 2 });
  });

  it('stops serving the feed of a suspended or deleted account', async () => {
    const customer = await t.signUp();
    const url = await createFeed(customer.cookie);
    expect((await readFeed(url)).statusCode).toBe(200);
    await t.db.update(profiles).set({ suspendedAt: new Date() }).where(eq(profiles.userId, customer.userId));
    expect((await readFeed(url)).statusCode).toBe(404);
    await t.db
      .update(profiles)
      .set({ suspendedAt: null, deletedAt: new Date() })
      .where(eq(profiles.userId, customer.userId));
    expect((await readFeed(url)).statusCode).toBe(404);
  });

  // The feed URL is its secret: the request log line must not carry it (lib/log-redaction.ts).
  it('never writes the feed token to the log', async () => {
    const customer = await t.signUp();
    const url = await createFeed(customer.cookie);
    const token = /\/api\/calendar\/(.+)\.ics$/.exec(url)![1]!;
    logged.length = 0;
    expect((await readFeed(url)).statusCode).toBe(200);
    // Another token one character away (the last one changed, never to itself: it is 'Q' one time in 16).
    const other = `${token.slice(0, -1)}${token.endsWith('Q') ? 'A' : 'Q'}`;
    expect((await readFeed(url.replace(token, other))).statusCode).toBe(404);
    expect(logged.join('\n')).toContain('/api/calendar/');
    expect(logged.join('\n')).not.toContain(token.slice(0, 20));
  });

  // Only the token's hash is stored: an Idempotency-Key must not keep the answer (the URL) for replay.
  it('keeps no copy of the feed URL for an Idempotency-Key', async () => {
    const customer = await t.signUp();
    const res = await t.inject({
      method: 'POST',
      url: '/api/me/calendar-feed',
      cookie: customer.cookie,
      headers: { 'idempotency-key': 'feed-key-0001' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = /\/api\/calendar\/(.+)\.ics$/.exec((res.json() as { url: string }).url)![1]!;
    const kept = await t.db.select().from(idempotencyKeys);
    expect(JSON.stringify(kept)).not.toContain(token.slice(0, 20));
  });
});
