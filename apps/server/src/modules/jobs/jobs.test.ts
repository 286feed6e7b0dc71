import { CONTEST_WINDOW_MS, JOB_MESSAGES } from '@grip/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessResponses,
  messages,
  notifications,
  outbox,
  profiles,
  serviceRequests,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { completeJob } from './jobs.service';
import { EXACT_ADDRESS, POOL_REQUEST } from '../../test/pool-request';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function business() {
  const b = await t.signUp({ role: 'business_owner', businessName: 'Blue Water Pools' });
  await t.db
    .update(profiles)
    .set({
      serviceCategories: ['Pool Maintenance'],
      latitude: -33.797,
      longitude: 151.285,
      serviceAreaKm: 25,
    })
    .where(eq(profiles.userId, b.userId));
  return b;
}

/** A request by a new customer with this business's quote on it, accepted unless told otherwise. */
async function job(b: { cookie: string }, options: { accepted?: boolean; acceptedAt?: Date | null } = {}) {
  const customer = await t.signUp();
  const req = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: customer.cookie,
    payload: POOL_REQUEST,
  });
  expect(req.statusCode, req.body).toBe(201);
  const requestId = req.json().id as string;
  const res = await t.inject({
    method: 'POST',
    url: `/api/business/requests/${requestId}/responses`,
    cookie: b.cookie,
    payload: { message: 'I can clean the pool on Thursday.', quotedPrice: 180, priceType: 'fixed' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const responseId = res.json().id as string;
  if (options.accepted !== false) {
    await t.db
      .update(businessResponses)
      .set({
        status: 'accepted',
        acceptedAt: options.acceptedAt === undefined ? new Date() : options.acceptedAt,
      })
      .where(eq(businessResponses.id, responseId));
    await t.db.update(serviceRequests).set({ status: 'assigned' }).where(eq(serviceRequests.id, requestId));
  }
  return { requestId, responseId, customer };
}

const complete = (id: string, cookie: string, payload: unknown = { requestReview: true }) =>
  t.inject({ method: 'POST', url: `/api/business/jobs/${id}/complete`, cookie, payload });

const ids = (res: { json: () => { items: { id: string }[] } }) => res.json().items.map((j) => j.id);

/** Every page of a section, `limit` at a time, following the cursors. */
async function allPages(cookie: string, section: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await t.inject({
      url: `/api/business/jobs?section=${section}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    seen.push(...ids(res));
    cursor = res.json().nextCursor as string | null;
  } while (cursor);
  return seen;
}

const completeAt = (businessUserId: string, responseId: string, at: string) =>
  completeJob(
    { db: t.db, publicUrl: 'http://grip.test' },
    businessUserId,
    responseId,
    { proofImages: [], requestReview: false },
    new Date(at),
  );

describe('GET /api/business/jobs', () => {
  it('lists accepted jobs under Active, completed ones under Completed, with the exact address', async () => {
    const b = await business();
    const a = await job(b);
    const c = await job(b);
    await job(b, { accepted: false });
    expect((await complete(c.responseId, b.cookie)).statusCode).toBe(200);

    const active = await t.inject({ url: '/api/business/jobs?section=active', cookie: b.cookie });
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json().items.map((j: { id: string }) => j.id)).toEqual([a.responseId]);
    expect(active.json().items[0].request.locationAddress).toBe(EXACT_ADDRESS);

    const done = await t.inject({ url: '/api/business/jobs?section=completed', cookie: b.cookie });
    expect(done.json().items.map((j: { id: string }) => j.id)).toEqual([c.responseId]);
  });

  it('pages with an id cursor and refuses a malformed one', async () => {
    const b = await business();
    const first = await job(b);
    const second = await job(b);
    const page1 = await t.inject({ url: '/api/business/jobs?limit=1', cookie: b.cookie });
    expect(page1.json().items.map((j: { id: string }) => j.id)).toEqual([second.responseId]);
    const cursor = page1.json().nextCursor as string;
    const page2 = await t.inject({ url: `/api/business/jobs?limit=1&cursor=${cursor}`, cookie: b.cookie });
    expect(page2.json()).toMatchObject({ items: [{ id: first.responseId }], nextCursor: null });
    const bad = await t.inject({ url: '/api/business/jobs?cursor=nope', cookie: b.cookie });
    expect(bad.statusCode).toBe(400);
    // A cursor that left the list (archived since) is refused too, not answered with a silent end.
    await t.db
      .update(businessResponses)
      .set({ archivedAt: new Date() })
      .where(eq(businessResponses.id, second.responseId));
    const gone = await t.inject({ url: `/api/business/jobs?limit=1&cursor=${cursor}`, cookie: b.cookie });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe(JOB_MESSAGES.badCursor);
  });

  it('leaves out the responses the business archived, in both sections', async () => {
    const b = await business();
    const kept = await job(b);
    const archived = await job(b);
    const keptDone = await job(b);
    const archivedDone = await job(b);
    for (const j of [keptDone, archivedDone])
      expect((await complete(j.responseId, b.cookie)).statusCode).toBe(200);
    await t.db
      .update(businessResponses)
      .set({ archivedAt: new Date() })
      .where(inArray(businessResponses.id, [archived.responseId, archivedDone.responseId]));

    expect(await allPages(b.cookie, 'active', 1)).toEqual([kept.responseId]);
    expect(await allPages(b.cookie, 'completed', 1)).toEqual([keptDone.responseId]);
    // The shared completion status stays what the customer's side reads.
    const [row] = await t.db
      .select()
      .from(businessResponses)
      .where(eq(businessResponses.id, archivedDone.responseId));
    expect(row?.completionStatus).toBe('completed');
  });

  it('orders Completed by completion date, newest first, across pages', async () => {
    const b = await business();
    const [first, second, third, fourth] = [await job(b), await job(b), await job(b), await job(b)];
    // Completed in an order unlike the order they were created in; two at the same moment.
    await completeAt(b.userId, third!.responseId, '2030-01-01T10:00:00.000Z');
    await completeAt(b.userId, first!.responseId, '2030-01-03T10:00:00.000Z');
    await completeAt(b.userId, fourth!.responseId, '2030-01-02T10:00:00.000Z');
    await completeAt(b.userId, second!.responseId, '2030-01-02T10:00:00.000Z');
    const tied = [second!.responseId, fourth!.responseId].sort().reverse();
    const expected = [first!.responseId, ...tied, third!.responseId];

    const whole = await t.inject({ url: '/api/business/jobs?section=completed', cookie: b.cookie });
    expect(ids(whole)).toEqual(expected);
    expect(await allPages(b.cookie, 'completed', 1)).toEqual(expected);
    expect(await allPages(b.cookie, 'completed', 3)).toEqual(expected);
  });

  it('orders Active by acceptance, falling back to the last change, and pages through it', async () => {
    const b = await business();
    const early = await job(b, { acceptedAt: new Date('2030-02-01T10:00:00.000Z') });
    const late = await job(b, { acceptedAt: new Date('2030-02-03T10:00:00.000Z') });
    // Accepted before accepted_at was recorded: its last change stands in.
    const old = await job(b, { acceptedAt: null });
    await t.db
      .update(businessResponses)
      .set({ updatedAt: new Date('2030-02-02T10:00:00.000Z') })
      .where(eq(businessResponses.id, old.responseId));
    const expected = [late.responseId, old.responseId, early.responseId];

    expect(ids(await t.inject({ url: '/api/business/jobs', cookie: b.cookie }))).toEqual(expected);
    expect(await allPages(b.cookie, 'active', 1)).toEqual(expected);
  });

  it('carries when the quote was accepted, and the business user id', async () => {
    const b = await business();
    const acceptedAt = new Date('2030-03-04T05:06:07.000Z');
    const j = await job(b, { acceptedAt });
    const list = await t.inject({ url: '/api/business/jobs?section=active', cookie: b.cookie });
    expect(list.json().items[0]).toMatchObject({
      id: j.responseId,
      acceptedAt: acceptedAt.toISOString(),
      businessUserId: b.userId,
    });
    const detail = await t.inject({ url: `/api/business/jobs/${j.responseId}`, cookie: b.cookie });
    expect(detail.json().acceptedAt).toBe(acceptedAt.toISOString());
    const old = await job(b, { acceptedAt: null });
    const oldDetail = await t.inject({ url: `/api/business/jobs/${old.responseId}`, cookie: b.cookie });
    expect(oldDetail.json().acceptedAt).toBeNull();
  });

  it('refuses customers', async () => {
    const customer = await t.signUp();
    expect((await t.inject({ url: '/api/business/jobs', cookie: customer.cookie })).statusCode).toBe(403);
  });
});

describe('GET /api/business/jobs/:responseId', () => {
  it('shows the owner its job with the conversation and hides it from another business', async () => {
    const b = await business();
    const j = await job(b);
    const own = await t.inject({ url: `/api/business/jobs/${j.responseId}`, cookie: b.cookie });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ id: j.responseId, status: 'accepted' });

    const other = await business();
    const res = await t.inject({ url: `/api/business/jobs/${j.responseId}`, cookie: other.cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(JOB_MESSAGES.notFound);
    expect((await t.inject({ url: '/api/business/jobs/not-a-uuid', cookie: b.cookie })).statusCode).toBe(404);
  });
});

describe('PUT /api/business/jobs/:responseId/notes', () => {
  it('saves notes up to 1000 characters for the owner only', async () => {
    const b = await business();
    const j = await job(b);
    const put = (cookie: string, notes: string) =>
      t.inject({
        method: 'PUT',
        url: `/api/business/jobs/${j.responseId}/notes`,
        cookie,
        payload: { notes },
      });
    const ok = await put(b.cookie, ' Pump ordered ');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ engagementNotes: 'Pump ordered' });
    expect((await put(b.cookie, 'a'.repeat(1001))).statusCode).toBe(400);
    expect((await put((await business()).cookie, 'mine')).statusCode).toBe(404);
    const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, j.responseId));
    expect(row?.engagementNotes).toBe('Pump ordered');
  });
});

describe('POST /api/business/jobs/:responseId/complete', () => {
  it('completes in one go: deadline exactly 24 h later, proof, notes, request, message, notifications', async () => {
    const b = await business();
    const j = await job(b);
    const proof = await t.uploadImage(b.cookie, 'completion_proof');
    const now = new Date('2030-05-01T10:00:00.000Z');
    const done = await completeJob(
      { db: t.db, publicUrl: 'http://grip.test' },
      b.userId,
      j.responseId,
      { notes: 'Replaced the pump bearing.', proofImages: [proof], requestReview: true },
      now,
    );
    expect(done.completionDate).toBe(now.toISOString());
    expect(new Date(done.contestDeadline ?? '').getTime() - now.getTime()).toBe(CONTEST_WINDOW_MS);
    expect(done.contestDeadline).toBe('2030-05-02T10:00:00.000Z');

    const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, j.responseId));
    expect(row).toMatchObject({
      completionStatus: 'completed',
      proofImages: [proof],
      engagementNotes: 'Replaced the pump bearing.',
    });
    expect(row?.contestDeadline?.toISOString()).toBe('2030-05-02T10:00:00.000Z');
    const [request] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, j.requestId));
    expect(request?.status).toBe('completed');

    const thread = await t.db.select().from(messages).where(eq(messages.responseId, j.responseId));
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({
      messageType: 'completion',
      senderId: b.userId,
      receiverId: j.customer.userId,
      attachments: [proof],
    });
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, j.customer.userId));
    expect(notes.map((n) => n.type).sort()).toEqual(['new_response', 'request_completed', 'review_request']);
  });

  it('sends the customer only the completion notes; the work notes stay private and are kept', async () => {
    const b = await business();
    const j = await job(b);
    const res = await complete(j.responseId, b.cookie, {
      workNotes: 'Customer haggles; bring the invoice.',
      notes: 'Pump bearing replaced.',
      requestReview: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().engagementNotes).toBe('Customer haggles; bring the invoice.');
    const [message] = await t.db.select().from(messages).where(eq(messages.responseId, j.responseId));
    expect(message?.message).toContain('Notes: Pump bearing replaced.');
    expect(message?.message).not.toContain('haggles');

    // Without completion notes the message carries none, whatever the work notes say.
    const quiet = await job(b);
    await complete(quiet.responseId, b.cookie, { workNotes: 'Private', requestReview: false });
    const [plain] = await t.db.select().from(messages).where(eq(messages.responseId, quiet.responseId));
    expect(plain?.message).not.toContain('Notes:');
  });

  it('does not let completion notes overwrite saved work notes', async () => {
    const b = await business();
    const j = await job(b);
    await t.inject({
      method: 'PUT',
      url: `/api/business/jobs/${j.responseId}/notes`,
      cookie: b.cookie,
      payload: { notes: 'Gate code 4411' },
    });
    const res = await complete(j.responseId, b.cookie, { notes: 'All done.', requestReview: false });
    expect(res.json().engagementNotes).toBe('Gate code 4411');
  });

  it('skips the review request when not ticked', async () => {
    const b = await business();
    const j = await job(b);
    const res = await complete(j.responseId, b.cookie, { requestReview: false });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, j.customer.userId), eq(notifications.type, 'review_request')));
    expect(rows).toHaveLength(0);
  });

  it('refuses a second completion, even when both race', async () => {
    const b = await business();
    const j = await job(b);
    const results = await Promise.all([complete(j.responseId, b.cookie), complete(j.responseId, b.cookie)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await complete(j.responseId, b.cookie)).json().message).toBe(JOB_MESSAGES.alreadyCompleted);
    const thread = await t.db.select().from(messages).where(eq(messages.responseId, j.responseId));
    expect(thread).toHaveLength(1);
  });

  it('refuses a job that is not accepted, and another business gets 404', async () => {
    const b = await business();
    const pending = await job(b, { accepted: false });
    expect((await complete(pending.responseId, b.cookie)).statusCode).toBe(409);
    const j = await job(b);
    expect((await complete(j.responseId, (await business()).cookie)).statusCode).toBe(404);
  });

  it("refuses proof photos that are not the business's own uploads and changes nothing", async () => {
    const b = await business();
    const j = await job(b);
    const someoneElses = await t.uploadImage(j.customer.cookie, 'completion_proof');
    const res = await complete(j.responseId, b.cookie, { proofImages: [someoneElses], requestReview: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(JOB_MESSAGES.proofNotUploaded);
    const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, j.responseId));
    expect(row?.completionStatus).toBe('pending');
  });

  it('is all or nothing: a failure after the first writes leaves the job untouched', async () => {
    const b = await business();
    const j = await job(b);
    // The customer's notification is written last; make it fail for this request only.
    const fn = `fail_notify_${j.requestId.replace(/-/g, '')}`;
    await t.db.execute(
      sql.raw(
        `create function ${fn}() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`,
      ),
    );
    await t.db.execute(
      sql.raw(
        `create trigger ${fn} before insert on notifications for each row when (new.related_id = '${j.requestId}') execute function ${fn}()`,
      ),
    );
    try {
      await expect(
        completeJob(
          { db: t.db, publicUrl: 'http://grip.test' },
          b.userId,
          j.responseId,
          { notes: 'Done', proofImages: [], requestReview: true },
          new Date(),
        ),
      ).rejects.toThrow();
    } finally {
      await t.db.execute(sql.raw(`drop trigger ${fn} on notifications`));
      await t.db.execute(sql.raw(`drop function ${fn}()`));
    }
    const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, j.responseId));
    expect(row).toMatchObject({ completionStatus: 'pending', completionDate: null, engagementNotes: null });
    const [request] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, j.requestId));
    expect(request?.status).toBe('assigned');
    expect(await t.db.select().from(messages).where(eq(messages.responseId, j.responseId))).toHaveLength(0);
    // And the job can still be completed afterwards.
    expect((await complete(j.responseId, b.cookie)).statusCode).toBe(200);
  });
});

describe('POST /api/business/jobs/:responseId/email', () => {
  const send = (id: string, cookie: string, email: string) =>
    t.inject({ method: 'POST', url: `/api/business/jobs/${id}/email`, cookie, payload: { email } });

  it('requires an address, then a valid one', async () => {
    const b = await business();
    const j = await job(b);
    const blank = await send(j.responseId, b.cookie, '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Please enter an email address.');
    const bad = await send(j.responseId, b.cookie, 'not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(JOB_MESSAGES.emailInvalid);
  });

  it('queues the job sheet through the outbox, for the owner only, and limits the rate', async () => {
    const b = await business();
    const j = await job(b);
    const res = await send(j.responseId, b.cookie, 'crew@bluewater.example');
    expect(res.statusCode, res.body).toBe(202);
    const rows = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'job_details'), eq(outbox.recipient, 'crew@bluewater.example')));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0]?.payload)).toContain(EXACT_ADDRESS);

    expect((await send(j.responseId, (await business()).cookie, 'x@y.example')).statusCode).toBe(404);
    for (let i = 1; i < 10; i += 1)
      expect((await send(j.responseId, b.cookie, 'crew@bluewater.example')).statusCode).toBe(202);
    expect((await send(j.responseId, b.cookie, 'crew@bluewater.example')).statusCode).toBe(429);
  });
});
