import { HIRE_AGAIN_MESSAGES, REQUEST_MESSAGES } from '@grip/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessResponses,
  notifications,
  outbox,
  profiles,
  reviews,
  serviceRequests,
  systemSettings,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { REQUEST_SENDS_PER_HOUR, TOO_MANY_REQUESTS_MESSAGE } from './requests.routes';
import { REQUEST_ERRORS } from './requests.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 60 * 60 * 1000;
// Surry Hills, and points about 3 km, 8 km and 20 km away.
const SURRY_HILLS = { latitude: -33.8847, longitude: 151.2113 };
const NEAR_3KM = { latitude: -33.8847 + 0.027, longitude: 151.2113 };
const NEAR_8KM = { latitude: -33.8847 + 0.072, longitude: 151.2113 };
const FAR_20KM = { latitude: -33.8847 + 0.18, longitude: 151.2113 };

const base = {
  serviceType: 'Pet Services',
  serviceSubtype: 'dog-walking',
  description: 'Two friendly labradors need a long walk on weekdays.',
  location: '12 Crown St, Surry Hills NSW 2010',
  ...SURRY_HILLS,
  serviceAreaKm: 10,
  budget: 40,
};

async function business(
  categories: string[],
  where: { latitude: number; longitude: number } | null,
  areaKm = 25,
) {
  const b = await t.signUp({ role: 'business_owner' });
  await t.db
    .update(profiles)
    .set({
      serviceCategories: categories,
      serviceAreaKm: areaKm,
      latitude: where?.latitude ?? null,
      longitude: where?.longitude ?? null,
    })
    .where(eq(profiles.userId, b.userId));
  return b;
}

async function post(cookie: string, change: Record<string, unknown> = {}) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie,
    payload: { ...base, ...change },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; matchedBusinesses: number };
}

async function age(id: string, hours: number) {
  const at = new Date(Date.now() - hours * HOUR);
  await t.db.update(serviceRequests).set({ createdAt: at, updatedAt: at }).where(eq(serviceRequests.id, id));
}

async function respond(
  requestId: string,
  businessUserId: string,
  values: Partial<typeof businessResponses.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(businessResponses)
    .values({
      requestId,
      businessUserId,
      quotedPrice: '45.00',
      message: 'Happy to help with the walks.',
      ...values,
    })
    .returning();
  return row!;
}

describe('matching by distance', () => {
  it('tells businesses within both radii, and those without a location, and counts the same in coverage', async () => {
    const category = `Dog Walking`;
    const near = await business([category], NEAR_3KM, 25);
    const mid = await business([category], NEAR_8KM, 25);
    const far = await business([category], FAR_20KM, 25);
    const smallArea = await business([category], NEAR_8KM, 5);
    const nowhere = await business([category], null);
    const customer = await t.signUp();

    const coverage = async (radiusKm: number) => {
      const res = await t.inject({
        url: `/api/requests/coverage?serviceType=Pet%20Services&serviceSubtype=dog-walking&latitude=${SURRY_HILLS.latitude}&longitude=${SURRY_HILLS.longitude}&radiusKm=${radiusKm}`,
        cookie: customer.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().count as number;
    };
    // Other tests' businesses may match too; compare differences, which only ours can make.
    const at5 = await coverage(5);
    const at10 = await coverage(10);
    const at25 = await coverage(25);
    expect(at10 - at5).toBe(1); // mid (8 km); smallArea's own 5 km area excludes it
    expect(at25 - at10).toBe(1); // far (20 km)

    const created = await post(customer.cookie, { serviceAreaKm: 10 });
    expect(created.matchedBusinesses).toBe(at10);
    const told = async (userId: string) =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.relatedId, created.id)))
      ).length;
    expect(await told(near.userId)).toBe(1);
    expect(await told(mid.userId)).toBe(1);
    expect(await told(nowhere.userId)).toBe(1);
    expect(await told(far.userId)).toBe(0);
    expect(await told(smallArea.userId)).toBe(0);
  });

  it('refuses a radius that is not offered and a missing type', async () => {
    const { cookie } = await t.signUp();
    const bad = await t.inject({ url: '/api/requests/coverage?serviceType=Cleaning&radiusKm=7', cookie });
    expect(bad.statusCode).toBe(400);
    const none = await t.inject({ url: '/api/requests/coverage?radiusKm=5', cookie });
    expect(none.statusCode).toBe(400);
    const signedOut = await t.inject({ url: '/api/requests/coverage?serviceType=Cleaning&radiusKm=5' });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('new-request emails', () => {
  it('queue an email for businesses that want one, at their notification address, without the exact address', async () => {
    const wants = await business(['Window Washing'], null);
    await t.db
      .update(profiles)
      .set({ notificationEmail: 'jobs@washers.example' })
      .where(eq(profiles.userId, wants.userId));
    const appOnly = await business(['Window Washing'], null);
    await t.db
      .update(profiles)
      .set({ notificationPreferences: ['app'] })
      .where(eq(profiles.userId, appOnly.userId));
    const customer = await t.signUp();
    const { id } = await post(customer.cookie, {
      serviceType: 'Everyday Household Needs',
      serviceSubtype: 'window-washing',
    });
    const mails = await t.db.select().from(outbox).where(eq(outbox.requestId, id));
    expect(mails.map((m) => m.recipient)).toContain('jobs@washers.example');
    expect(mails.some((m) => m.userId === appOnly.userId)).toBe(false);
    const text = JSON.stringify(mails.map((m) => m.payload));
    // The area of the request's public point (decision 018): its cell's centre lies in Darlinghurst.
    expect(text).toContain('Darlinghurst NSW');
    expect(text).not.toContain('12 Crown St');
  });

  it('are not queued while the platform email switch is off', async () => {
    await business(['Gutter Cleaning'], null);
    const setEmail = (value: string) =>
      t.db
        .insert(systemSettings)
        .values({ key: 'email_notifications_enabled', value })
        .onConflictDoUpdate({ target: systemSettings.key, set: { value } });
    await setEmail('false');
    try {
      const customer = await t.signUp();
      const { id, matchedBusinesses } = await post(customer.cookie, {
        serviceType: 'Gutter Cleaning',
        serviceSubtype: null,
      });
      expect(matchedBusinesses).toBeGreaterThanOrEqual(1);
      expect(await t.db.select().from(outbox).where(eq(outbox.requestId, id))).toHaveLength(0);
    } finally {
      await setEmail('true');
    }
  });
});

describe('My Requests', () => {
  it('splits active and expired by the latest activity, newest first, paginated', async () => {
    const { cookie } = await t.signUp();
    const fresh = await post(cookie);
    const old = await post(cookie);
    await age(old.id, 60);
    const revived = await post(cookie);
    await age(revived.id, 72);
    const b = await business([], null);
    await respond(revived.id, b.userId); // a response 'now' keeps it active

    const list = async (section: string, extra = '') => {
      const res = await t.inject({ url: `/api/requests?section=${section}${extra}`, cookie });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { id: string; responseCount: number }[]; nextCursor: string | null };
    };
    const active = await list('active');
    expect(active.items.map((i) => i.id)).toEqual([fresh.id, revived.id]);
    expect(active.items[1]!.responseCount).toBe(1);
    expect((await list('expired')).items.map((i) => i.id)).toEqual([old.id]);

    const first = await list('active', '&limit=1');
    expect(first.items.map((i) => i.id)).toEqual([fresh.id]);
    const second = await list('active', `&limit=1&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.id)).toEqual([revived.id]);
    expect(second.nextCursor).toBeNull();

    const badCursor = await t.inject({ url: '/api/requests?cursor=nope', cookie });
    expect(badCursor.statusCode).toBe(400);
    const badSection = await t.inject({ url: '/api/requests?section=everything', cookie });
    expect(badSection.statusCode).toBe(400);
  });

  it('shows a request and its responses only to its owner', async () => {
    const owner = await t.signUp();
    const { id } = await post(owner.cookie);
    const b = await business([], null);
    await respond(id, b.userId);
    const mine = await t.inject({ url: `/api/requests/${id}`, cookie: owner.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      id,
      locationAddress: base.location,
      responses: [{ businessName: 'Test Business', quotedPrice: '45.00' }],
    });

    const other = await t.signUp();
    for (const cookie of [other.cookie, b.cookie]) {
      const res = await t.inject({ url: `/api/requests/${id}`, cookie });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Crown St');
    }
    expect((await t.inject({ url: '/api/requests/not-a-uuid', cookie: owner.cookie })).statusCode).toBe(404);
    expect((await t.inject({ url: `/api/requests/${id}` })).statusCode).toBe(401);
  });

  it('edits in place for the owner only, and not once a quote is accepted', async () => {
    const owner = await t.signUp();
    const { id } = await post(owner.cookie);
    const edited = { ...base, description: 'Three labradors now, and a puppy on Fridays.', budget: 60 };
    const other = await t.signUp();
    const foreign = await t.inject({
      method: 'PATCH',
      url: `/api/requests/${id}`,
      cookie: other.cookie,
      payload: edited,
    });
    expect(foreign.statusCode).toBe(404);

    const res = await t.inject({
      method: 'PATCH',
      url: `/api/requests/${id}`,
      cookie: owner.cookie,
      payload: edited,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      description: edited.description,
      budgetMin: '60.00',
      status: 'open',
    });
    const count = await t.db.select().from(serviceRequests).where(eq(serviceRequests.userId, owner.userId));
    expect(count).toHaveLength(1);

    const invalid = await t.inject({
      method: 'PATCH',
      url: `/api/requests/${id}`,
      cookie: owner.cookie,
      payload: { ...edited, description: 'short' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields.description).toBe(REQUEST_MESSAGES.descriptionTooShort);

    const b = await business([], null);
    await respond(id, b.userId, { status: 'accepted' });
    const locked = await t.inject({
      method: 'PATCH',
      url: `/api/requests/${id}`,
      cookie: owner.cookie,
      payload: edited,
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(REQUEST_ERRORS.notEditable);
  });

  it('resubmits an expired request: open, fresh, and businesses that have not answered are told again', async () => {
    const category = 'Aquarium Cleaning';
    const silent = await business([category], null);
    const answered = await business([category], null);
    const owner = await t.signUp();
    const { id } = await post(owner.cookie, { serviceType: category, serviceSubtype: null });

    const tooSoon = await t.inject({
      method: 'POST',
      url: `/api/requests/${id}/resubmit`,
      cookie: owner.cookie,
    });
    expect(tooSoon.statusCode).toBe(409);

    await age(id, 72);
    await respond(id, answered.userId, {
      createdAt: new Date(Date.now() - 70 * HOUR),
      updatedAt: new Date(Date.now() - 70 * HOUR),
    });
    const other = await t.signUp();
    expect(
      (await t.inject({ method: 'POST', url: `/api/requests/${id}/resubmit`, cookie: other.cookie }))
        .statusCode,
    ).toBe(404);

    const res = await t.inject({ method: 'POST', url: `/api/requests/${id}/resubmit`, cookie: owner.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(row!.status).toBe('open');
    expect(Date.now() - row!.updatedAt.getTime()).toBeLessThan(60_000);
    const told = async (userId: string) =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.relatedId, id)))
      ).length;
    expect(await told(silent.userId)).toBe(2);
    expect(await told(answered.userId)).toBe(1);
    expect(res.json().matchedBusinesses).toBe(
      1 +
        (
          await t.db
            .select()
            .from(profiles)
            .where(and(eq(profiles.role, 'business_owner')))
        ).filter((p) => p.serviceCategories.length === 0).length,
    );
  });

  it('archives, lists the archive newest first, restores, and archives by age', async () => {
    const owner = await t.signUp();
    const a = await post(owner.cookie);
    const b = await post(owner.cookie);
    const c = await post(owner.cookie);
    await age(c.id, 24 * 10);

    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/requests/${a.id}/archive`,
          cookie: (await t.signUp()).cookie,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'POST', url: `/api/requests/${a.id}/archive`, cookie: owner.cookie }))
        .statusCode,
    ).toBe(204);
    // a archived a minute ago: b, archived next, is the newer however fast the machine, no pause needed.
    await t.db
      .update(serviceRequests)
      .set({ archivedAt: new Date(Date.now() - 60_000) })
      .where(eq(serviceRequests.id, a.id));
    expect(
      (await t.inject({ method: 'POST', url: `/api/requests/${b.id}/archive`, cookie: owner.cookie }))
        .statusCode,
    ).toBe(204);
    const archived = await t.inject({ url: '/api/requests?section=archived', cookie: owner.cookie });
    expect(archived.json().items.map((i: { id: string }) => i.id)).toEqual([b.id, a.id]);
    const active = await t.inject({ url: '/api/requests?section=active', cookie: owner.cookie });
    expect(active.json().items.map((i: { id: string }) => i.id)).toEqual([]);

    expect(
      (await t.inject({ method: 'POST', url: `/api/requests/${a.id}/restore`, cookie: owner.cookie }))
        .statusCode,
    ).toBe(204);
    const [restored] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, a.id));
    expect(restored!.archivedAt).toBeNull();

    const byAge = async (daysOld: unknown) =>
      t.inject({
        method: 'POST',
        url: '/api/requests/archive-old',
        cookie: owner.cookie,
        payload: { daysOld },
      });
    expect((await byAge(2)).statusCode).toBe(400);
    expect((await byAge(7)).json()).toEqual({ archived: 1 }); // c, 10 days old
    expect((await byAge(7)).json()).toEqual({ archived: 0 });
    expect((await byAge(0)).json()).toEqual({ archived: 1 }); // a, restored
    const none = await t.inject({ url: '/api/requests?section=active', cookie: owner.cookie });
    expect(none.json().items).toEqual([]);
  });

  it('remembers the last location for the form', async () => {
    const owner = await t.signUp();
    const empty = await t.inject({ url: '/api/requests/last-location', cookie: owner.cookie });
    expect(empty.json()).toEqual({ address: null, area: null, latitude: null, longitude: null });
    await post(owner.cookie, { location: '1 Bay St, Manly NSW 2095', latitude: -33.797, longitude: 151.285 });
    const last = await t.inject({ url: '/api/requests/last-location', cookie: owner.cookie });
    expect(last.json()).toEqual({
      address: '1 Bay St, Manly NSW 2095',
      area: 'Manly NSW',
      latitude: -33.797,
      longitude: 151.285,
    });
  });
});

describe('the review gate', () => {
  it('refuses a new request while a completed job awaits the customer review, and lets it through after', async () => {
    const owner = await t.signUp();
    const { id } = await post(owner.cookie);
    const b = await business([], null);
    const response = await respond(id, b.userId, {
      status: 'accepted',
      completionStatus: 'completed',
      completionDate: new Date(),
    });
    const blocked = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: owner.cookie,
      payload: base,
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(REQUEST_ERRORS.reviewsPending);
    await t.db.insert(reviews).values({
      userId: owner.userId,
      businessUserId: b.userId,
      requestId: id,
      responseId: response.id,
      rating: 5,
    });
    await post(owner.cookie);
  });

  it('gates a resubmit like a new request, and counts a job inside its contest window but not a contested one', async () => {
    const owner = await t.signUp();
    const { id: expired } = await post(owner.cookie);
    await age(expired, 72);
    const { id: done } = await post(owner.cookie);
    const b = await business([], null);
    const job = await respond(done, b.userId, {
      status: 'accepted',
      completionStatus: 'contested',
      completionDate: new Date(),
      contestDeadline: new Date(Date.now() + 20 * HOUR),
    });
    // Contested: the customer may not review it yet, so it does not hold them back.
    await post(owner.cookie);

    // Inside the 24 h window and uncontested, the review is due: a resubmit is refused too.
    await t.db
      .update(businessResponses)
      .set({ completionStatus: 'completed' })
      .where(eq(businessResponses.id, job.id));
    const resubmit = () =>
      t.inject({ method: 'POST', url: `/api/requests/${expired}/resubmit`, cookie: owner.cookie });
    const blocked = await resubmit();
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(REQUEST_ERRORS.reviewsPending);
    const [row] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, expired));
    expect(row!.status).toBe('open');
    expect(Date.now() - row!.updatedAt.getTime()).toBeGreaterThan(60 * HOUR);

    await t.db.insert(reviews).values({
      userId: owner.userId,
      businessUserId: b.userId,
      requestId: done,
      responseId: job.id,
      rating: 4,
    });
    expect((await resubmit()).statusCode).toBe(200);
  });
});

describe('Hire Again', () => {
  /** A customer whose finished, reviewed job was done by `b`; returns the job (response) id. */
  async function pastJob(owner: { cookie: string; userId: string }, b: { userId: string }) {
    const { id } = await post(owner.cookie, { serviceType: 'Aquarium Care', serviceSubtype: null });
    const job = await respond(id, b.userId, {
      status: 'accepted',
      completionStatus: 'completed',
      completionDate: new Date(Date.now() - 48 * HOUR),
    });
    await t.db.insert(reviews).values({
      userId: owner.userId,
      businessUserId: b.userId,
      requestId: id,
      responseId: job.id,
      rating: 5,
    });
    return job.id;
  }
  const again = (cookie: string, hireAgainResponseId: string, change: Record<string, unknown> = {}) =>
    t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie,
      payload: {
        ...base,
        serviceType: 'Aquarium Care',
        serviceSubtype: null,
        hireAgainResponseId,
        ...change,
      },
    });
  const notificationsOf = (userId: string, requestId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.relatedId, requestId)));

  it('tells the business hired before first and personally, and the other matching businesses as usual', async () => {
    // The others signed up first, so only the service's ordering puts the hired business ahead.
    const other = await business(['Aquarium Care'], NEAR_3KM);
    const hired = await business(['Aquarium Care'], NEAR_3KM);
    const owner = await t.signUp();
    const jobId = await pastJob(owner, hired);

    const res = await again(owner.cookie, jobId);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { id: string; matchedBusinesses: number; hireAgain: unknown };
    expect(created.hireAgain).toEqual({ businessName: 'Test Business', notified: true });
    const [personal] = await notificationsOf(hired.userId, created.id);
    expect(personal).toMatchObject({ type: 'new_request', title: 'A past customer wants to hire you again' });
    const [usual] = await notificationsOf(other.userId, created.id);
    expect(usual).toMatchObject({ type: 'new_request', title: 'New service request' });
    // Written first: the personal email leads the outbox batch of this request.
    const emails = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.requestId, created.id))
      .orderBy(outbox.id);
    expect(emails[0]!.userId).toBe(hired.userId);
    expect(emails.map((e) => e.userId)).toContain(other.userId);
    expect((emails[0]!.payload as { subject: string }).subject).toMatch(
      /^A past customer wants to hire you again/,
    );
  });

  it('says so when the business hired before no longer serves the request, and still tells those that do', async () => {
    const moved = await business(['Aquarium Care'], FAR_20KM, 5);
    const near = await business(['Aquarium Care'], NEAR_3KM);
    const owner = await t.signUp();
    const jobId = await pastJob(owner, moved);
    const res = await again(owner.cookie, jobId);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { id: string; hireAgain: unknown };
    expect(created.hireAgain).toEqual({ businessName: 'Test Business', notified: false });
    expect(await notificationsOf(moved.userId, created.id)).toHaveLength(0);
    expect(await notificationsOf(near.userId, created.id)).toHaveLength(1);
  });

  it("refuses someone else's job, an unfinished one and a malformed id, creating nothing", async () => {
    const b = await business(['Aquarium Care'], NEAR_3KM);
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const jobId = await pastJob(owner, b);
    const { id: openId } = await post(owner.cookie);
    const unfinished = await respond(openId, b.userId, {
      status: 'accepted',
      completionStatus: 'in_progress',
    });
    const before = (
      await t.db.select().from(serviceRequests).where(eq(serviceRequests.userId, stranger.userId))
    ).length;

    for (const [cookie, id] of [
      [stranger.cookie, jobId],
      [owner.cookie, unfinished.id],
    ] as const) {
      const res = await again(cookie, id);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(HIRE_AGAIN_MESSAGES.jobNotFound);
    }
    const malformed = await again(owner.cookie, 'not-a-job');
    expect(malformed.statusCode).toBe(400);
    expect(
      (await t.db.select().from(serviceRequests).where(eq(serviceRequests.userId, stranger.userId))).length,
    ).toBe(before);
  });
});

describe('upcoming bookings', () => {
  it('lists accepted, unfinished bookings from today on, soonest first', async () => {
    const owner = await t.signUp();
    const day = (offset: number) => new Date(Date.now() + offset * 24 * HOUR).toISOString().slice(0, 10);
    const b = await business([], null);
    const ids: string[] = [];
    for (const [offset, completion] of [
      [5, 'pending'],
      [2, 'in_progress'],
      [-3, 'pending'],
      [1, 'completed'],
    ] as const) {
      const { id } = await post(owner.cookie, { preferredDate: offset >= 0 ? day(offset) : undefined });
      if (offset < 0)
        await t.db
          .update(serviceRequests)
          .set({ preferredDate: day(offset) })
          .where(eq(serviceRequests.id, id));
      await respond(id, b.userId, {
        status: 'accepted',
        completionStatus: completion,
        ...(completion === 'completed' ? {} : {}),
      });
      ids.push(id);
    }
    const res = await t.inject({ url: '/api/bookings/upcoming', cookie: owner.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((x: { requestId: string }) => x.requestId)).toEqual([ids[1], ids[0]]);
    expect(res.json()[0]).toMatchObject({ businessName: 'Test Business', date: day(2) });
  });
});

describe('what businesses learn of where', () => {
  it('gives no area at all when the geocoder cannot place the address, never a piece of it', async () => {
    const b = await business(['Koi Pond Care'], null);
    const customer = await t.signUp();
    const { id } = await post(customer.cookie, {
      serviceType: 'Koi Pond Care',
      serviceSubtype: null,
      location: 'Unit 3, 12 Qwxzy Lane, Zzyzxville',
      latitude: undefined,
      longitude: undefined,
    });
    const [row] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(row!.areaLabel).toBeNull();
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.userId), eq(notifications.relatedId, id)));
    expect(note!.message).toBe('Two friendly labradors need a long walk');
    const mail = await t.db.select().from(outbox).where(eq(outbox.requestId, id));
    expect(JSON.stringify(mail)).not.toContain('Qwxzy');
  });

  it('says whether the coverage count was limited by distance, and reads empty coordinates as none', async () => {
    const { cookie } = await t.signUp();
    const base = '/api/requests/coverage?serviceType=Cleaning&radiusKm=5';
    const none = await t.inject({ url: `${base}&latitude=&longitude=`, cookie });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().hasLocation).toBe(false);
    const half = await t.inject({ url: `${base}&latitude=-33.88`, cookie });
    expect(half.json().hasLocation).toBe(false);
    const full = await t.inject({ url: `${base}&latitude=-33.88&longitude=151.21`, cookie });
    expect(full.json().hasLocation).toBe(true);
  });
});

describe('limits', () => {
  it('lets an edit keep a preferred date that has since passed', async () => {
    const owner = await t.signUp();
    const { id } = await post(owner.cookie);
    await t.db.update(serviceRequests).set({ preferredDate: '2025-01-10' }).where(eq(serviceRequests.id, id));
    const keep = await t.inject({
      method: 'PATCH',
      url: `/api/requests/${id}`,
      cookie: owner.cookie,
      payload: { ...base, preferredDate: '2025-01-10', description: 'Still two labradors, new notes.' },
    });
    expect(keep.statusCode, keep.body).toBe(200);
    const move = await t.inject({
      method: 'PATCH',
      url: `/api/requests/${id}`,
      cookie: owner.cookie,
      payload: { ...base, preferredDate: '2025-01-11' },
    });
    expect(move.statusCode).toBe(400);
  });

  it('caps how many requests one customer sends in an hour', async () => {
    const { cookie } = await t.signUp();
    for (let i = 0; i < REQUEST_SENDS_PER_HOUR; i += 1) await post(cookie);
    const over = await t.inject({ method: 'POST', url: '/api/requests', cookie, payload: base });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(TOO_MANY_REQUESTS_MESSAGE);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
