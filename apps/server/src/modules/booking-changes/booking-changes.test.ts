import {
  CANCELLATION_REASON_LABELS,
  CHANGE_MESSAGES,
  DAY_MS,
  HOUR_MS,
  LATE_CANCELLATION_LOOKBACK_DAYS,
  type AgreedTime,
  type BusinessJobDetail,
  type CustomerBooking,
} from '@grip/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, outbox, profiles, rescheduleProposals } from '../../db/schema';
import { EXACT_ADDRESS, POOL_REQUEST, poolBusiness } from '../../test/pool-request';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  // The platform's first administrator (reads the audit log).
  admin = await t.signUp({ role: 'administrator' });
});
afterAll(async () => {
  await t.close();
});

type Account = { cookie: string; userId: string; email: string };

const pad = (n: number) => String(n).padStart(2, '0');
/**
 * A booked time `ms` from now, as the screens send it: the date and HH:MM in this process's own zone,
 * the zone the server reads stored bookings in (bookingInstant), so "2 hours away" is 2 hours away.
 */
function timeFromNow(ms: number): { date: string; time: string } {
  const at = new Date(Date.now() + ms);
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

interface Booking {
  business: Account;
  customer: Account;
  requestId: string;
  responseId: string;
}

/**
 * A booking made as people make one: a new customer posts the pool request, the business quotes with
 * its availability (`at`), the customer confirms the terms it read.
 */
async function booking(
  options: { business?: Account; at?: { date: string; time: string | null } } = {},
): Promise<Booking> {
  const business = options.business ?? (await poolBusiness(t, { phone: '+61 400 000 222' }));
  const customer = await t.signUp({ name: 'Casey Customer' });
  const req = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: customer.cookie,
    payload: POOL_REQUEST,
  });
  expect(req.statusCode, req.body).toBe(201);
  const requestId = req.json().id as string;
  const at = options.at ?? timeFromNow(10 * DAY_MS);
  const quote = await t.inject({
    method: 'POST',
    url: `/api/business/requests/${requestId}/responses`,
    cookie: business.cookie,
    payload: {
      message: 'I can service the pump that day.',
      quotedPrice: 180,
      priceType: 'fixed',
      availabilityDate: at.date,
      ...(at.time ? { availabilityTime: at.time } : {}),
    },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  const responseId = quote.json().id as string;
  const confirmed = await t.confirmOffer(customer.cookie, responseId);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { business, customer, requestId, responseId };
}

const customerView = async (b: Booking) => {
  const res = await t.inject({ url: `/api/bookings/${b.responseId}`, cookie: b.customer.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CustomerBooking;
};
const businessView = async (b: Booking) => {
  const res = await t.inject({ url: `/api/business/jobs/${b.responseId}`, cookie: b.business.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BusinessJobDetail;
};
/** The booked time as the customer's screen shows it (what a change names as the time it saw). */
const seenTimeOf = async (b: Booking): Promise<AgreedTime> => (await customerView(b)).changes.agreedTime;

const cancel = (cookie: string | undefined, responseId: string, payload: unknown) =>
  t.inject({ method: 'POST', url: `/api/bookings/${responseId}/cancel`, cookie, payload });
const propose = (cookie: string | undefined, responseId: string, payload: unknown) =>
  t.inject({ method: 'POST', url: `/api/bookings/${responseId}/reschedule`, cookie, payload });
const answer = (cookie: string | undefined, responseId: string, proposalId: string, what: string) =>
  t.inject({ method: 'POST', url: `/api/bookings/${responseId}/reschedule/${proposalId}/${what}`, cookie });

const notificationsOf = async (cookie: string) =>
  (await t.inject({ url: '/api/notifications', cookie })).json().items as {
    type: string;
    title: string;
    message: string;
    relatedId: string | null;
  }[];
const auditEvents = async () => {
  const res = await t.inject({ url: '/api/admin/audit-events', cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as { action: string; actor: { userId: string } | null }[];
};
const emailsTo = (recipient: string, topic: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, recipient), eq(outbox.topic, topic)));
const storedResponse = async (id: string) =>
  (await t.db.select().from(businessResponses).where(eq(businessResponses.id, id)))[0]!;

describe('cancelling a booking', () => {
  it('by the customer: both sides see it cancelled with who and why, the business is told, and the booking closes', async () => {
    const b = await booking();
    // Before: the booked business sees the exact address, on the job and in the conversation.
    expect((await businessView(b)).request.locationAddress).toBe(EXACT_ADDRESS);
    const note = 'My neighbour lent me his pump.';
    const res = await cancel(b.customer.cookie, b.responseId, {
      reason: 'found_alternative',
      note,
      seenTime: await seenTimeOf(b),
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');

    const cancellation = { cancelledBy: 'customer', reason: 'found_alternative', note, isLate: false };
    const mine = await customerView(b);
    expect(mine).toMatchObject({
      completionStatus: 'cancelled',
      // The contact details went with the booking.
      business: { email: null, phone: null },
      changes: { cancellation, openProposal: null, canCancel: false, canReschedule: false, canReopen: false },
    });
    expect(Date.parse(mine.changes.cancellation!.cancelledAt)).not.toBeNaN();
    const history = await t.inject({ url: '/api/bookings?section=history', cookie: b.customer.cookie });
    expect(history.json().items.map((i: CustomerBooking) => i.responseId)).toContain(b.responseId);
    const confirmed = await t.inject({ url: '/api/bookings?section=confirmed', cookie: b.customer.cookie });
    expect(confirmed.json().items.map((i: CustomerBooking) => i.responseId)).not.toContain(b.responseId);
    const upcoming = await t.inject({ url: '/api/bookings/upcoming', cookie: b.customer.cookie });
    expect(upcoming.body).not.toContain(b.responseId);
    // Neither side's Confirmed badge counts it any more.
    for (const who of [b.customer, b.business]) {
      expect((await t.inject({ url: '/api/badges', cookie: who.cookie })).json().confirmed).toBe(0);
    }

    const job = await businessView(b);
    expect(job).toMatchObject({ status: 'cancelled', completionStatus: 'cancelled' });
    expect(job.changes).toMatchObject({
      cancellation,
      canCancel: false,
      canReschedule: false,
      canReopen: false,
    });
    expect(job.request.locationAddress).toBeNull();

    const told = (await notificationsOf(b.business.cookie)).filter((n) => n.type === 'booking_cancelled');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Booking cancelled', relatedId: b.responseId });
    expect(told[0]!.message).toContain('Casey Customer');
    expect(told[0]!.message).toContain(CANCELLATION_REASON_LABELS.found_alternative);
    expect(told[0]!.message).toContain(note);
    // The customer made the change: nothing for them.
    expect((await notificationsOf(b.customer.cookie)).some((n) => n.type === 'booking_cancelled')).toBe(
      false,
    );

    const request = await t.inject({ url: `/api/requests/${b.requestId}`, cookie: b.customer.cookie });
    expect(request.json().status).toBe('cancelled');

    // The conversation is closed to both, and the business's header no longer names the street.
    for (const who of [b.customer, b.business]) {
      const sent = await t.inject({
        method: 'POST',
        url: `/api/conversations/${b.responseId}/messages`,
        cookie: who.cookie,
        payload: { message: 'Are we still on?' },
      });
      expect(sent.statusCode, sent.body).toBe(409);
    }
    const header = await t.inject({ url: `/api/conversations/${b.responseId}`, cookie: b.business.cookie });
    expect(header.statusCode, header.body).toBe(200);
    expect(header.json().canSend).toBe(false);
    expect(header.body).not.toContain('Bay Rd');
    const asRequest = await t.inject({
      url: `/api/business/requests/${b.requestId}`,
      cookie: b.business.cookie,
    });
    expect(asRequest.statusCode).toBeLessThan(500);
    expect(asRequest.body).not.toContain('Bay Rd');

    expect(await auditEvents()).toContainEqual(
      expect.objectContaining({
        action: 'booking_cancelled',
        actor: expect.objectContaining({ userId: b.customer.userId }),
      }),
    );
  });

  it('by the business: the customer is told and may reopen the request for other quotes', async () => {
    const b = await booking();
    const res = await cancel(b.business.cookie, b.responseId, {
      reason: 'schedule_conflict',
      seenTime: await seenTimeOf(b),
    });
    expect(res.statusCode, res.body).toBe(204);

    const told = (await notificationsOf(b.customer.cookie)).filter((n) => n.type === 'booking_cancelled');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ relatedId: b.responseId });
    expect(told[0]!.message).toContain('Blue Water Pools');
    expect(told[0]!.message).toContain(CANCELLATION_REASON_LABELS.schedule_conflict);

    const mine = await customerView(b);
    expect(mine.changes).toMatchObject({
      cancellation: { cancelledBy: 'business', reason: 'schedule_conflict', note: null, isLate: false },
      canReopen: true,
    });
    // Reopening is the customer's: the business is not offered it.
    expect((await businessView(b)).changes.canReopen).toBe(false);

    const reopened = await t.inject({
      method: 'POST',
      url: `/api/requests/${b.requestId}/resubmit`,
      cookie: b.customer.cookie,
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(
      (await t.inject({ url: `/api/requests/${b.requestId}`, cookie: b.customer.cookie })).json().status,
    ).toBe('open');
    // Reopened once: the booking no longer offers it.
    expect((await customerView(b)).changes.canReopen).toBe(false);

    const other = await poolBusiness(t, {}, 'Second Wave Pools');
    const quote = await t.inject({
      method: 'POST',
      url: `/api/business/requests/${b.requestId}/responses`,
      cookie: other.cookie,
      payload: { message: 'I can come on Monday instead.', quotedPrice: 200, priceType: 'fixed' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
  });

  it('inside 24 hours is late when the business cancels, not when the customer does', async () => {
    const soon = () => timeFromNow(2 * HOUR_MS);
    const byBusiness = await booking({ at: soon() });
    expect(
      (
        await cancel(byBusiness.business.cookie, byBusiness.responseId, {
          reason: 'schedule_conflict',
          seenTime: await seenTimeOf(byBusiness),
        })
      ).statusCode,
    ).toBe(204);
    expect((await customerView(byBusiness)).changes.cancellation?.isLate).toBe(true);
    expect((await businessView(byBusiness)).changes.cancellation?.isLate).toBe(true);
    expect(await storedResponse(byBusiness.responseId)).toMatchObject({
      isLateCancellation: true,
      cancelledBy: 'business',
    });
    // Its date is today: the customer may still look for someone else.
    expect((await customerView(byBusiness)).changes.canReopen).toBe(true);

    const byCustomer = await booking({ business: byBusiness.business, at: soon() });
    expect(
      (
        await cancel(byCustomer.customer.cookie, byCustomer.responseId, {
          reason: 'no_longer_needed',
          seenTime: await seenTimeOf(byCustomer),
        })
      ).statusCode,
    ).toBe(204);
    expect((await customerView(byCustomer)).changes.cancellation?.isLate).toBe(false);
    expect((await storedResponse(byCustomer.responseId)).isLateCancellation).toBe(false);

    const early = await booking({ business: byBusiness.business, at: timeFromNow(3 * DAY_MS) });
    expect(
      (
        await cancel(early.business.cookie, early.responseId, {
          reason: 'schedule_conflict',
          seenTime: await seenTimeOf(early),
        })
      ).statusCode,
    ).toBe(204);
    expect((await businessView(early)).changes.cancellation?.isLate).toBe(false);
  });

  it('refuses cancelling twice, a completed job, and a time that moved since it was seen', async () => {
    const b = await booking();
    const seenTime = await seenTimeOf(b);
    // The form sends HH:MM; the database holds HH:MM:SS — the same time.
    expect(seenTime.time).toMatch(/^\d{2}:\d{2}:00$/);
    const moved = await cancel(b.customer.cookie, b.responseId, {
      reason: 'no_longer_needed',
      seenTime: { date: timeFromNow(11 * DAY_MS).date, time: seenTime.time },
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().message).toBe(CHANGE_MESSAGES.timeMovedBeforeCancel);
    expect((await customerView(b)).changes.canCancel).toBe(true);

    const first = await cancel(b.customer.cookie, b.responseId, {
      reason: 'no_longer_needed',
      seenTime: { date: seenTime.date, time: seenTime.time!.slice(0, 5) },
    });
    expect(first.statusCode, first.body).toBe(204);
    for (const who of [b.customer, b.business]) {
      const again = await cancel(who.cookie, b.responseId, { reason: 'no_longer_needed', seenTime });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().message).toBe(CHANGE_MESSAGES.alreadyCancelled);
    }
    // The business was told once.
    expect(
      (await notificationsOf(b.business.cookie)).filter((n) => n.type === 'booking_cancelled'),
    ).toHaveLength(1);

    const done = await booking({ business: b.business });
    const completed = await t.inject({
      method: 'POST',
      url: `/api/business/jobs/${done.responseId}/complete`,
      cookie: done.business.cookie,
      payload: { requestReview: false },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    for (const who of [done.customer, done.business]) {
      const refused = await cancel(who.cookie, done.responseId, {
        reason: 'schedule_conflict',
        seenTime: await seenTimeOf(done),
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(CHANGE_MESSAGES.notCancellable);
    }
    expect((await customerView(done)).completionStatus).toBe('completed');
  });

  it('records the late cancellation against the business where customers judge it', async () => {
    const b = await booking({ business: await poolBusiness(t, {}, 'Tardy Pools'), at: timeFromNow(HOUR_MS) });
    const seenTime = await seenTimeOf(b);
    expect(
      (await cancel(b.business.cookie, b.responseId, { reason: 'schedule_conflict', seenTime })).statusCode,
    ).toBe(204);
    // A new customer's offer from the same business shows the count beside its rating.
    const customer = await t.signUp();
    const req = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: customer.cookie,
      payload: POOL_REQUEST,
    });
    const quote = await t.inject({
      method: 'POST',
      url: `/api/business/requests/${req.json().id}/responses`,
      cookie: b.business.cookie,
      payload: { message: 'Happy to help with the pump.', quotedPrice: 150, priceType: 'fixed' },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const offer = await t.inject({ url: `/api/offers/${quote.json().id}`, cookie: customer.cookie });
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json().business).toMatchObject({ name: 'Tardy Pools', lateCancellations: 1 });

    // Discover Local Businesses: the business moves to Perth, where it is the nearest one.
    const perth = { latitude: -31.95, longitude: 115.86 };
    await t.db.update(profiles).set(perth).where(eq(profiles.userId, b.business.userId));
    const discover = async () => {
      const res = await t.inject({
        url: `/api/businesses/discover?latitude=${perth.latitude}&longitude=${perth.longitude}`,
        cookie: customer.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { businessName: string; lateCancellations: number }[];
    };
    const [nearest, ...others] = await discover();
    expect(nearest).toMatchObject({ businessName: 'Tardy Pools', lateCancellations: 1 });
    // Each card its own count (the other pools businesses cancelled late or not in earlier tests).
    for (const card of others) expect(card.lateCancellations, card.businessName).toBeGreaterThanOrEqual(0);

    // Twelve months on, it no longer counts.
    await t.db
      .update(businessResponses)
      .set({ cancelledAt: new Date(Date.now() - (LATE_CANCELLATION_LOOKBACK_DAYS + 1) * DAY_MS) })
      .where(eq(businessResponses.id, b.responseId));
    expect((await discover())[0]).toMatchObject({ businessName: 'Tardy Pools', lateCancellations: 0 });
    const again = await t.inject({ url: `/api/offers/${quote.json().id}`, cookie: customer.cookie });
    expect(again.json().business.lateCancellations).toBe(0);
  });
});

describe('who may change a booking', () => {
  it('only its two parties: anyone else finds no booking, and nothing changes', async () => {
    const b = await booking();
    const seenTime = await seenTimeOf(b);
    const strangers = [await t.signUp(), await poolBusiness(t, {}, 'Rival Pools'), admin];
    const proposal = { date: timeFromNow(12 * DAY_MS).date, time: '09:00', seenTime };
    for (const who of strangers) {
      for (const res of [
        await cancel(who.cookie, b.responseId, { reason: 'schedule_conflict', seenTime }),
        await propose(who.cookie, b.responseId, proposal),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().message).toBeTruthy();
      }
    }
    for (const res of [
      await cancel(undefined, b.responseId, { reason: 'schedule_conflict', seenTime }),
      await propose(undefined, b.responseId, proposal),
    ]) {
      expect(res.statusCode).toBe(401);
    }

    // An open proposal cannot be answered by anyone else either.
    expect((await propose(b.customer.cookie, b.responseId, proposal)).statusCode).toBe(204);
    const open = (await businessView(b)).changes.openProposal!;
    for (const who of strangers) {
      for (const what of ['accept', 'decline', 'withdraw']) {
        const res = await answer(who.cookie, b.responseId, open.id, what);
        expect(res.statusCode, `${what}: ${res.body}`).toBe(404);
      }
    }
    expect((await answer(undefined, b.responseId, open.id, 'accept')).statusCode).toBe(401);
    expect((await businessView(b)).changes).toMatchObject({
      agreedTime: seenTime,
      cancellation: null,
      openProposal: { id: open.id },
    });
  });

  it('is not there for an offer not confirmed yet', async () => {
    const business = await poolBusiness(t, {}, 'Pending Pools');
    const customer = await t.signUp();
    const req = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: customer.cookie,
      payload: POOL_REQUEST,
    });
    const quote = await t.inject({
      method: 'POST',
      url: `/api/business/requests/${req.json().id}/responses`,
      cookie: business.cookie,
      payload: { message: 'I can service the pump.', quotedPrice: 160, priceType: 'fixed' },
    });
    const seenTime = { date: null, time: null };
    for (const who of [customer, business]) {
      const res = await cancel(who.cookie, quote.json().id, { reason: 'no_longer_needed', seenTime });
      expect(res.statusCode, res.body).toBe(404);
    }
  });

  it('answers malformed ids with 404 or 400 and bad bodies with 400 naming the field, never 500', async () => {
    const b = await booking();
    const seenTime = await seenTimeOf(b);
    const nobody = '00000000-0000-4000-8000-000000000000';
    for (const id of ['not-a-uuid', nobody, '%20', "1' or '1'='1"]) {
      const res = await cancel(b.customer.cookie, encodeURIComponent(id), {
        reason: 'other',
        note: 'No.',
        seenTime,
      });
      expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
      expect(
        (await propose(b.customer.cookie, encodeURIComponent(id), { date: '2030-01-01', seenTime }))
          .statusCode,
      ).toBe(404);
      expect((await answer(b.customer.cookie, encodeURIComponent(id), nobody, 'accept')).statusCode).toBe(
        404,
      );
      expect(
        (await answer(b.customer.cookie, b.responseId, encodeURIComponent(id), 'accept')).statusCode,
      ).toBe(id === nobody ? 409 : 404);
    }
    const long = 'a'.repeat(101);
    expect(
      (await cancel(b.customer.cookie, long, { reason: 'other', note: 'No.', seenTime })).statusCode,
    ).toBe(400);
    expect((await answer(b.customer.cookie, b.responseId, nobody, 'maybe')).statusCode).toBe(400);

    const badCancels: [unknown, string, string?][] = [
      [{ seenTime }, 'reason', CHANGE_MESSAGES.reasonRequired],
      [{ reason: 'bored', seenTime }, 'reason', CHANGE_MESSAGES.reasonRequired],
      [{ reason: 'other', seenTime }, 'note', CHANGE_MESSAGES.noteRequiredForOther],
      [{ reason: 'other', note: 'x'.repeat(501), seenTime }, 'note'],
      [{ reason: 'schedule_conflict' }, 'seenTime'],
      [{ reason: 'schedule_conflict', seenTime: { date: 5, time: null } }, 'seenTime.date'],
    ];
    for (const [body, field, message] of badCancels) {
      const res = await cancel(b.customer.cookie, b.responseId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
      if (message) expect(res.json().fields[field]).toBe(message);
    }
    const notJson = await t.inject({
      method: 'POST',
      url: `/api/bookings/${b.responseId}/cancel`,
      cookie: b.customer.cookie,
      payload: '{"reason":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);

    const badProposals: [unknown, string, string?][] = [
      [{ seenTime }, 'date', CHANGE_MESSAGES.dateRequired],
      [{ date: '2030-02-31', seenTime }, 'date', CHANGE_MESSAGES.dateRequired],
      [{ date: '2030-01-01', time: '25:00', seenTime }, 'time'],
      [{ date: '2030-01-01' }, 'seenTime'],
    ];
    for (const [body, field, message] of badProposals) {
      const res = await propose(b.customer.cookie, b.responseId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(body)).toContain(field);
      if (message) expect(res.json().fields[field]).toBe(message);
    }
    // Nothing of it took.
    expect((await customerView(b)).changes).toMatchObject({
      cancellation: null,
      openProposal: null,
      canCancel: true,
    });
  });
});

describe('moving a booking', () => {
  it('shows a proposal to both, refuses a second one, and accepting moves the booking for both', async () => {
    const b = await booking();
    const seenTime = await seenTimeOf(b);
    const proposed = timeFromNow(12 * DAY_MS);
    const res = await propose(b.customer.cookie, b.responseId, {
      date: proposed.date,
      time: '14:30',
      note: 'Could we do the week after?',
      seenTime,
    });
    expect(res.statusCode, res.body).toBe(204);

    const theirs = (await businessView(b)).changes;
    expect(theirs).toMatchObject({
      agreedTime: seenTime,
      canReschedule: false,
      canCancel: true,
      openProposal: {
        proposedBy: 'customer',
        date: proposed.date,
        time: '14:30:00',
        note: 'Could we do the week after?',
        actions: ['accept', 'decline'],
      },
    });
    const proposalId = theirs.openProposal!.id;
    expect((await customerView(b)).changes.openProposal).toMatchObject({
      id: proposalId,
      actions: ['withdraw'],
    });
    const told = (await notificationsOf(b.business.cookie)).filter((n) => n.type === 'booking_time_proposed');
    expect(told).toEqual([expect.objectContaining({ relatedId: b.responseId, title: 'New time proposed' })]);

    // One open proposal at a time, whoever asks.
    for (const who of [b.customer, b.business]) {
      const second = await propose(who.cookie, b.responseId, {
        date: proposed.date,
        time: '16:00',
        seenTime,
      });
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json().message).toBe(CHANGE_MESSAGES.proposalOpen);
    }
    const own = await answer(b.customer.cookie, b.responseId, proposalId, 'accept');
    expect(own.statusCode, own.body).toBe(409);
    expect(own.json().message).toBe(CHANGE_MESSAGES.ownProposal);
    const notTheirs = await answer(b.business.cookie, b.responseId, proposalId, 'withdraw');
    expect(notTheirs.statusCode, notTheirs.body).toBe(409);
    expect(notTheirs.json().message).toBe(CHANGE_MESSAGES.notYourProposal);

    const accepted = await answer(b.business.cookie, b.responseId, proposalId, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(204);
    const moved = { date: proposed.date, time: '14:30:00' };
    for (const changes of [(await customerView(b)).changes, (await businessView(b)).changes]) {
      expect(changes).toMatchObject({ agreedTime: moved, openProposal: null, canReschedule: true });
    }
    const answered = (await notificationsOf(b.customer.cookie)).filter(
      (n) => n.type === 'booking_time_answered',
    );
    expect(answered).toEqual([
      expect.objectContaining({ relatedId: b.responseId, title: 'New time accepted' }),
    ]);
    expect(await auditEvents()).toContainEqual(
      expect.objectContaining({
        action: 'booking_rescheduled',
        actor: expect.objectContaining({ userId: b.business.userId }),
      }),
    );

    // Answered already.
    const again = await answer(b.business.cookie, b.responseId, proposalId, 'accept');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CHANGE_MESSAGES.noOpenProposal);
    // A cancellation naming the old time is refused; the new one is the time now.
    expect(
      (await cancel(b.customer.cookie, b.responseId, { reason: 'no_longer_needed', seenTime })).statusCode,
    ).toBe(409);
    expect(
      (await cancel(b.customer.cookie, b.responseId, { reason: 'no_longer_needed', seenTime: moved }))
        .statusCode,
    ).toBe(204);
  });

  it('leaves the time as it was when the proposal is declined or withdrawn', async () => {
    const b = await booking();
    const seenTime = await seenTimeOf(b);
    const date = timeFromNow(14 * DAY_MS).date;

    expect(
      (await propose(b.business.cookie, b.responseId, { date, time: '08:00', seenTime })).statusCode,
    ).toBe(204);
    const first = (await customerView(b)).changes.openProposal!;
    expect(first.actions).toEqual(['accept', 'decline']);
    expect((await answer(b.customer.cookie, b.responseId, first.id, 'decline')).statusCode).toBe(204);
    expect((await businessView(b)).changes).toMatchObject({
      agreedTime: seenTime,
      openProposal: null,
      canReschedule: true,
    });
    expect(
      (await notificationsOf(b.business.cookie))
        .filter((n) => n.type === 'booking_time_answered')
        .map((n) => n.title),
    ).toEqual(['New time declined']);

    expect(
      (await propose(b.business.cookie, b.responseId, { date, time: '09:00', seenTime })).statusCode,
    ).toBe(204);
    const second = (await businessView(b)).changes.openProposal!;
    expect(second.id).not.toBe(first.id);
    expect((await answer(b.business.cookie, b.responseId, second.id, 'withdraw')).statusCode).toBe(204);
    expect((await customerView(b)).changes).toMatchObject({ agreedTime: seenTime, openProposal: null });
    expect(
      (await notificationsOf(b.customer.cookie))
        .filter((n) => n.type === 'booking_time_answered')
        .map((n) => n.title),
    ).toEqual(['Proposed time withdrawn']);
    const stored = await t.db
      .select({ status: rescheduleProposals.status })
      .from(rescheduleProposals)
      .where(eq(rescheduleProposals.responseId, b.responseId))
      .orderBy(rescheduleProposals.createdAt);
    expect(stored.map((p) => p.status).sort()).toEqual(['declined', 'withdrawn']);
  });

  it('stores one of two proposals made at the same moment and refuses the other', async () => {
    const b = await booking();
    const seenTime = await seenTimeOf(b);
    const date = timeFromNow(11 * DAY_MS).date;
    const answers = await Promise.all([
      propose(b.customer.cookie, b.responseId, { date, time: '10:30', seenTime }),
      propose(b.business.cookie, b.responseId, { date, time: '11:30', seenTime }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(CHANGE_MESSAGES.proposalOpen);
    const open = await t.db
      .select()
      .from(rescheduleProposals)
      .where(
        and(eq(rescheduleProposals.responseId, b.responseId), eq(rescheduleProposals.status, 'pending')),
      );
    expect(open).toHaveLength(1);
    // The stored one is the one both views show.
    expect((await customerView(b)).changes.openProposal?.id).toBe(open[0]!.id);
  });

  it('refuses an answer to a replaced proposal, and any move once the booking was cancelled', async () => {
    const b = await booking();
    const seenTime = await seenTimeOf(b);
    const date = timeFromNow(9 * DAY_MS).date;
    expect(
      (await propose(b.customer.cookie, b.responseId, { date, time: '07:00', seenTime })).statusCode,
    ).toBe(204);
    const old = (await customerView(b)).changes.openProposal!.id;
    expect((await answer(b.customer.cookie, b.responseId, old, 'withdraw')).statusCode).toBe(204);
    expect(
      (await propose(b.customer.cookie, b.responseId, { date, time: '07:30', seenTime })).statusCode,
    ).toBe(204);
    const current = (await businessView(b)).changes.openProposal!.id;

    const stale = await answer(b.business.cookie, b.responseId, old, 'accept');
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(CHANGE_MESSAGES.proposalChanged);

    expect(
      (await cancel(b.business.cookie, b.responseId, { reason: 'schedule_conflict', seenTime })).statusCode,
    ).toBe(204);
    // The open proposal closed with the booking.
    const [closed] = await t.db.select().from(rescheduleProposals).where(eq(rescheduleProposals.id, current));
    expect(closed?.status).toBe('closed');
    const late = await answer(b.business.cookie, b.responseId, current, 'accept');
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe(CHANGE_MESSAGES.rescheduleCancelled);
    const moveCancelled = await propose(b.customer.cookie, b.responseId, { date, time: '08:30', seenTime });
    expect(moveCancelled.statusCode).toBe(409);
    expect(moveCancelled.json().message).toBe(CHANGE_MESSAGES.rescheduleCancelled);
    expect((await customerView(b)).changes.agreedTime).toEqual(seenTime);
  });

  it('refuses a past date, the time already booked, a moved time and a completed job', async () => {
    const b = await booking();
    const seenTime = await seenTimeOf(b);
    const past = await propose(b.customer.cookie, b.responseId, {
      date: timeFromNow(-3 * DAY_MS).date,
      time: '10:00',
      seenTime,
    });
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json().message).toBe(CHANGE_MESSAGES.dateInPast);
    const same = await propose(b.customer.cookie, b.responseId, {
      date: seenTime.date,
      time: seenTime.time!.slice(0, 5),
      seenTime,
    });
    expect(same.statusCode, same.body).toBe(400);
    expect(same.json().message).toBe(CHANGE_MESSAGES.sameTime);
    const stale = await propose(b.customer.cookie, b.responseId, {
      date: timeFromNow(20 * DAY_MS).date,
      seenTime: { date: timeFromNow(30 * DAY_MS).date, time: null },
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toBe(CHANGE_MESSAGES.timeMoved);
    expect((await customerView(b)).changes.openProposal).toBeNull();

    const done = await t.inject({
      method: 'POST',
      url: `/api/business/jobs/${b.responseId}/complete`,
      cookie: b.business.cookie,
      payload: { requestReview: false },
    });
    expect(done.statusCode, done.body).toBe(200);
    const finished = await propose(b.business.cookie, b.responseId, {
      date: timeFromNow(20 * DAY_MS).date,
      seenTime,
    });
    expect(finished.statusCode, finished.body).toBe(409);
    expect(finished.json().message).toBe(CHANGE_MESSAGES.rescheduleNotOpen);
  });
});

describe('email to the other party', () => {
  it('sends one when their preferences include email, with a link to the booking', async () => {
    const business = await poolBusiness(
      t,
      { notificationEmail: 'crew@mailing-pools.example' },
      'Mailing Pools',
    );
    const b = await booking({ business });
    const seenTime = await seenTimeOf(b);
    const date = timeFromNow(12 * DAY_MS).date;
    expect(
      (await propose(b.customer.cookie, b.responseId, { date, time: '12:00', seenTime })).statusCode,
    ).toBe(204);
    const proposed = await emailsTo('crew@mailing-pools.example', 'booking_time_proposed');
    expect(proposed).toHaveLength(1);
    expect(proposed[0]!.payload).toMatchObject({
      link: expect.stringContaining(`/business-confirmed?job=${b.responseId}`),
    });

    // The business cancels: the customer (email by default) hears by email, with a link to Job History.
    expect(
      (await cancel(b.business.cookie, b.responseId, { reason: 'price_or_scope', seenTime })).statusCode,
    ).toBe(204);
    const toCustomer = await emailsTo(b.customer.email, 'booking_cancelled');
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0]!.payload).toMatchObject({ link: expect.stringMatching(/\/history$/) });
    expect(JSON.stringify(toCustomer[0]!.payload)).toContain(CANCELLATION_REASON_LABELS.price_or_scope);
    // Nothing went to the one who made the change.
    expect(await emailsTo('crew@mailing-pools.example', 'booking_cancelled')).toHaveLength(0);
  });

  it('sends none when their preferences leave email out', async () => {
    const b = await booking({
      business: await poolBusiness(t, { notificationEmail: 'quiet@pools.example' }, 'Quiet Pools'),
    });
    await t.db
      .update(profiles)
      .set({ notificationPreferences: ['sms'] })
      .where(eq(profiles.userId, b.business.userId));
    await t.db
      .update(profiles)
      .set({ notificationPreferences: [] })
      .where(eq(profiles.userId, b.customer.userId));
    const seenTime = await seenTimeOf(b);
    const date = timeFromNow(12 * DAY_MS).date;
    expect(
      (await propose(b.customer.cookie, b.responseId, { date, time: '12:00', seenTime })).statusCode,
    ).toBe(204);
    expect(await emailsTo('quiet@pools.example', 'booking_time_proposed')).toHaveLength(0);
    expect(
      (await cancel(b.business.cookie, b.responseId, { reason: 'other', note: 'Truck failed.', seenTime }))
        .statusCode,
    ).toBe(204);
    expect(await emailsTo(b.customer.email, 'booking_cancelled')).toHaveLength(0);
    // In the app all the same.
    expect((await notificationsOf(b.customer.cookie)).map((n) => n.type)).toContain('booking_cancelled');
  });
});
