import {
  BOOKING_MESSAGES,
  DISPUTE_ESCALATION_WAIT_MS,
  DISPUTE_MESSAGES,
  REVIEW_MESSAGES,
  type BusinessJobDetail,
  type CustomerBooking,
  type DisputeCase,
  type DisputeQueuePage,
  type DisputeView,
} from '@grip/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, businessResponses, disputes, outbox, profiles, serviceRequests } from '../../db/schema';
import { POOL_REQUEST, poolBusiness } from '../../test/pool-request';
import { createTestApp, type TestApp } from '../../test/test-app';
import { acceptAnswer, escalateDispute } from './disputes.service';

let t: TestApp;
let admin: Account;
beforeAll(async () => {
  t = await createTestApp();
  // The platform's first administrator: hears of escalations and decides them.
  admin = await t.signUp({ role: 'administrator', name: 'Ada Admin' });
});
afterAll(async () => {
  await t.close();
});

type Account = { cookie: string; userId: string; email: string };

interface Job {
  business: Account;
  customer: Account;
  requestId: string;
  responseId: string;
  proofUrl: string;
  requestImageUrl: string;
}

/**
 * A completed job, made as people make one: a new customer posts the pool request with a photo, the
 * business quotes, the customer confirms, they exchange a message, the business completes with a proof
 * photo.
 */
async function completedJob(options: { business?: Account } = {}): Promise<Job> {
  const business = options.business ?? (await poolBusiness(t));
  const customer = await t.signUp({ name: 'Casey Customer' });
  const requestImageUrl = await t.uploadImage(customer.cookie);
  const req = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: customer.cookie,
    payload: { ...POOL_REQUEST, images: [requestImageUrl] },
  });
  expect(req.statusCode, req.body).toBe(201);
  const requestId = req.json().id as string;
  const quote = await t.inject({
    method: 'POST',
    url: `/api/business/requests/${requestId}/responses`,
    cookie: business.cookie,
    payload: { message: 'I can service the pump on Friday.', quotedPrice: 180, priceType: 'fixed' },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  const responseId = quote.json().id as string;
  const confirmed = await t.confirmOffer(customer.cookie, responseId);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const said = await t.inject({
    method: 'POST',
    url: `/api/conversations/${responseId}/messages`,
    cookie: customer.cookie,
    payload: { message: 'The gate code is 4411.' },
  });
  expect(said.statusCode, said.body).toBe(201);
  const proofUrl = await t.uploadImage(business.cookie, 'completion_proof');
  const done = await complete(business, responseId, [proofUrl]);
  expect(done.statusCode, done.body).toBe(200);
  return { business, customer, requestId, responseId, proofUrl, requestImageUrl };
}

const complete = (business: Account, responseId: string, proofImages: string[] = []) =>
  t.inject({
    method: 'POST',
    url: `/api/business/jobs/${responseId}/complete`,
    cookie: business.cookie,
    payload: { requestReview: false, proofImages },
  });
const contest = (job: Job, reason = 'The pump still grinds after the visit.') =>
  t.inject({
    method: 'POST',
    url: `/api/bookings/${job.responseId}/contest`,
    cookie: job.customer.cookie,
    payload: { reason },
  });
const answer = (cookie: string | undefined, disputeId: string, payload: unknown) =>
  t.inject({ method: 'POST', url: `/api/disputes/${disputeId}/answer`, cookie, payload });
const stepOf =
  (what: 'accept' | 'escalate') => (cookie: string | undefined, disputeId: string, seenStatus: string) =>
    t.inject({ method: 'POST', url: `/api/disputes/${disputeId}/${what}`, cookie, payload: { seenStatus } });
const accept = stepOf('accept');
const escalate = stepOf('escalate');
const decide = (cookie: string | undefined, disputeId: string, payload: unknown) =>
  t.inject({ method: 'POST', url: `/api/admin/disputes/${disputeId}/decide`, cookie, payload });
const review = (job: Job) =>
  t.inject({
    method: 'POST',
    url: '/api/reviews',
    cookie: job.customer.cookie,
    payload: { responseId: job.responseId, rating: 4 },
  });

const customerView = async (job: Job) => {
  const res = await t.inject({ url: `/api/bookings/${job.responseId}`, cookie: job.customer.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CustomerBooking;
};
const businessView = async (job: Job) => {
  const res = await t.inject({ url: `/api/business/jobs/${job.responseId}`, cookie: job.business.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BusinessJobDetail;
};
const notificationsOf = async (cookie: string) =>
  (await t.inject({ url: '/api/notifications', cookie })).json().items as {
    type: string;
    title: string;
    message: string;
    relatedId: string | null;
  }[];
const disputeEmailsTo = (recipient: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'email'), eq(outbox.recipient, recipient), eq(outbox.topic, 'dispute')));
const storedResponse = async (id: string) =>
  (await t.db.select().from(businessResponses).where(eq(businessResponses.id, id)))[0]!;
const storedDispute = async (id: string) =>
  (await t.db.select().from(disputes).where(eq(disputes.id, id)))[0]!;
const pendingReviewIds = async (job: Job) =>
  (
    (await t.inject({ url: '/api/reviews/pending', cookie: job.customer.cookie })).json() as {
      items: { responseId: string }[];
    }
  ).items.map((i) => i.responseId);

/** Contests the job and returns its dispute's id, as the customer's booking shows it. */
async function contested(job: Job): Promise<string> {
  const res = await contest(job);
  expect(res.statusCode, res.body).toBe(200);
  const dispute = (res.json() as CustomerBooking).dispute;
  expect(dispute).not.toBeNull();
  return dispute!.id;
}

/** A job the business has answered with `kind`; returns the dispute's id. */
async function answered(job: Job, kind: 'fix_offered' | 'explanation'): Promise<string> {
  const id = await contested(job);
  const res = await answer(job.business.cookie, id, {
    seenStatus: 'awaiting_business',
    kind,
    text:
      kind === 'fix_offered'
        ? 'I will come back on Monday and replace the bearing.'
        : 'The grinding is the old motor; the service was done.',
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

describe('contesting opens a dispute', () => {
  it('both sides see it: the customer waits, the business is asked to answer; reviews wait', async () => {
    const job = await completedJob();
    const res = await contest(job, '  The pump still grinds after the visit.  ');
    expect(res.statusCode, res.body).toBe(200);
    const booking = res.json() as CustomerBooking;
    expect(booking).toMatchObject({
      completionStatus: 'contested',
      canContest: false,
      canReview: false,
      dispute: {
        status: 'awaiting_business',
        reason: 'The pump still grinds after the visit.',
        answer: null,
        resolution: null,
        actions: [],
      },
    });
    // The customer may bring a silent business to Grip 48 hours after the contest.
    const opened = new Date(booking.dispute!.openedAt).getTime();
    expect(new Date(booking.dispute!.escalatableAt!).getTime() - opened).toBe(DISPUTE_ESCALATION_WAIT_MS);

    const jobView = await businessView(job);
    expect(jobView.dispute).toMatchObject({
      id: booking.dispute!.id,
      status: 'awaiting_business',
      actions: ['answer'],
      escalatableAt: null,
    });
    const [told] = (await notificationsOf(job.business.cookie)).filter((n) => n.type === 'job_contested');
    expect(told).toMatchObject({ title: 'Completion contested', relatedId: job.responseId });
    expect(told!.message).toContain('Answer in the job');

    // A disputed job cannot be reviewed, and does not hold the review gate.
    const early = await review(job);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(REVIEW_MESSAGES.contested);
    expect(await pendingReviewIds(job)).not.toContain(job.responseId);
    expect((await contest(job)).json().message).toBe(BOOKING_MESSAGES.alreadyContested);
  });
});

describe('the business answers', () => {
  it('with its words and kind; the customer is told in the app and by email, and may accept or escalate', async () => {
    const job = await completedJob();
    const id = await contested(job);
    const before = (await storedResponse(job.responseId)).updatedAt;

    const short = await answer(job.business.cookie, id, {
      seenStatus: 'awaiting_business',
      kind: 'explanation',
      text: 'No.',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(DISPUTE_MESSAGES.answerTooShort);
    const noKind = await answer(job.business.cookie, id, {
      seenStatus: 'awaiting_business',
      text: 'The motor is old.',
    });
    expect(noKind.statusCode).toBe(400);

    const res = await answer(job.business.cookie, id, {
      seenStatus: 'awaiting_business',
      kind: 'explanation',
      text: '  The grinding is the old motor; the service was done.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as DisputeView).toMatchObject({
      status: 'awaiting_customer',
      answer: { kind: 'explanation', text: 'The grinding is the old motor; the service was done.' },
      actions: [],
    });
    // The job changed, so both parties' screens refresh through its live event.
    expect((await storedResponse(job.responseId)).updatedAt.getTime()).toBeGreaterThan(before.getTime());

    expect((await customerView(job)).dispute).toMatchObject({
      status: 'awaiting_customer',
      answer: { kind: 'explanation' },
      actions: ['accept', 'escalate'],
      escalatableAt: null,
    });
    const told = (await notificationsOf(job.customer.cookie)).find((n) => n.type === 'job_contested');
    expect(told).toMatchObject({ title: 'The business answered your contest', relatedId: job.responseId });
    expect(told!.message).toContain('The grinding is the old motor');
    const [email] = await disputeEmailsTo(job.customer.email);
    expect(email?.payload).toMatchObject({
      subject: expect.stringContaining('The business answered your contest'),
      link: expect.stringMatching(/\/history$/),
    });

    // Answered once: a second answer is refused, in words for a stale screen or for the state.
    const again = (seenStatus: string) =>
      answer(job.business.cookie, id, {
        seenStatus,
        kind: 'fix_offered',
        text: 'I will come back on Monday.',
      });
    expect((await again('awaiting_business')).json()).toMatchObject({
      message: DISPUTE_MESSAGES.changedMeanwhile,
    });
    const twice = await again('awaiting_customer');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(DISPUTE_MESSAGES.alreadyAnswered);
  });

  it('is the business’s alone: the customer is refused, a stranger finds nothing', async () => {
    const job = await completedJob();
    const id = await contested(job);
    const payload = {
      seenStatus: 'awaiting_business',
      kind: 'explanation',
      text: 'The motor is simply old.',
    };
    const byCustomer = await answer(job.customer.cookie, id, payload);
    expect(byCustomer.statusCode).toBe(403);
    const stranger = await poolBusiness(t, {}, 'Other Pools');
    expect((await answer(stranger.cookie, id, payload)).statusCode).toBe(404);
    expect((await answer(admin.cookie, id, payload)).statusCode).toBe(404);
    expect((await answer(undefined, id, payload)).statusCode).toBe(401);
    expect((await answer(job.business.cookie, 'not-a-uuid', payload)).statusCode).toBe(404);
    expect(
      (await answer(job.business.cookie, '00000000-0000-4000-8000-000000000000', payload)).json(),
    ).toMatchObject({
      message: DISPUTE_MESSAGES.notFound,
    });
    expect((await storedDispute(id)).status).toBe('awaiting_business');
  });

  it('emails only those who want email', async () => {
    const business = await poolBusiness(t, { notificationPreferences: ['app'] }, 'Quiet Pools');
    const job = await completedJob({ business });
    await t.db
      .update(profiles)
      .set({ notificationPreferences: ['sms'] })
      .where(eq(profiles.userId, job.customer.userId));
    const id = await answered(job, 'explanation');
    expect(await disputeEmailsTo(job.customer.email)).toHaveLength(0);
    expect((await accept(job.customer.cookie, id, 'awaiting_customer')).statusCode).toBe(200);
    expect(await disputeEmailsTo(job.business.email)).toHaveLength(0);
    // In the app they are told all the same.
    expect((await notificationsOf(job.business.cookie)).map((n) => n.title)).toContain(
      'The customer accepted your answer',
    );
  });
});

describe('the customer accepts the answer', () => {
  it('an explanation: the dispute ends, the job is final and can be reviewed; the business is told', async () => {
    const job = await completedJob();
    const id = await answered(job, 'explanation');
    expect((await accept(job.business.cookie, id, 'awaiting_customer')).statusCode).toBe(403);

    const res = await accept(job.customer.cookie, id, 'awaiting_customer');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'resolved',
      resolution: { outcome: 'accepted', note: null },
      actions: [],
    });

    const booking = await customerView(job);
    expect(booking).toMatchObject({ completionStatus: 'completed', canContest: false, canReview: true });
    // Final: the contest window closed when the dispute ended.
    const stored = await storedResponse(job.responseId);
    expect(stored.contestDeadline?.toISOString()).toBe(booking.dispute!.resolution!.resolvedAt);
    expect((await contest(job)).json().message).toBe(BOOKING_MESSAGES.contestClosed);

    expect((await businessView(job)).dispute).toMatchObject({
      status: 'resolved',
      resolution: { outcome: 'accepted' },
    });
    const told = (await notificationsOf(job.business.cookie)).find(
      (n) => n.title === 'The customer accepted your answer',
    );
    expect(told?.message).toContain('The job is final.');
    const [email] = await disputeEmailsTo(job.business.email);
    expect(email?.payload).toMatchObject({
      link: expect.stringContaining(`/business-confirmed?job=${job.responseId}`),
    });

    expect(await pendingReviewIds(job)).toContain(job.responseId);
    expect((await review(job)).statusCode).toBe(201);
    expect((await accept(job.customer.cookie, id, 'resolved')).json().message).toBe(
      DISPUTE_MESSAGES.alreadyResolved,
    );
  });

  it('an offer to fix: the job and its request go back in progress; completed again, it may be contested again', async () => {
    const job = await completedJob();
    const first = await answered(job, 'fix_offered');
    expect((await accept(job.customer.cookie, first, 'awaiting_customer')).statusCode).toBe(200);

    const booking = await customerView(job);
    expect(booking).toMatchObject({
      completionStatus: 'in_progress',
      completionDate: null,
      contestDeadline: null,
      canReview: false,
      dispute: {
        id: first,
        status: 'resolved',
        resolution: { outcome: 'accepted' },
        answer: { kind: 'fix_offered' },
      },
    });
    const [request] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, job.requestId));
    expect(request?.status).toBe('in_progress');
    expect((await review(job)).statusCode).toBe(409);
    expect(await pendingReviewIds(job)).not.toContain(job.responseId);

    // The business puts it right and completes again: a new 24 hours, and a new dispute if contested.
    expect((await complete(job.business, job.responseId)).statusCode).toBe(200);
    expect((await customerView(job)).canContest).toBe(true);
    const second = await contested(job);
    expect(second).not.toBe(first);
    expect((await businessView(job)).dispute).toMatchObject({ id: second, status: 'awaiting_business' });
    expect((await storedDispute(first)).status).toBe('resolved');
  });
});

describe('escalating to Grip and an administrator’s decision', () => {
  it('the customer escalates; the business and administrators are told; an administrator reads the case and decides', async () => {
    const job = await completedJob();
    const id = await answered(job, 'explanation');

    const res = await escalate(job.customer.cookie, id, 'awaiting_customer');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'escalated', actions: [] });
    expect((await businessView(job)).dispute).toMatchObject({ status: 'escalated', actions: [] });
    expect((await notificationsOf(job.business.cookie)).map((n) => n.title)).toContain(
      'Dispute escalated to Grip',
    );
    const adminTold = (await notificationsOf(admin.cookie)).find(
      (n) => n.title === 'A dispute needs a decision',
    );
    expect(adminTold).toMatchObject({ type: 'job_contested', relatedId: job.responseId });
    // Neither side can end it now: only Grip decides.
    expect((await accept(job.customer.cookie, id, 'escalated')).json().message).toBe(
      DISPUTE_MESSAGES.withGrip,
    );
    expect((await escalate(job.customer.cookie, id, 'escalated')).json().message).toBe(
      DISPUTE_MESSAGES.withGrip,
    );
    expect((await review(job)).statusCode).toBe(409);

    // The queue lists it; the case has both sides' words, the photos and the conversation.
    const queue = (
      await t.inject({ url: '/api/admin/disputes', cookie: admin.cookie })
    ).json() as DisputeQueuePage;
    expect(queue.items.find((i) => i.id === id)).toMatchObject({
      responseId: job.responseId,
      businessName: 'Blue Water Pools',
      customerName: 'Casey Customer',
      reason: 'The pump still grinds after the visit.',
      answerKind: 'explanation',
    });
    const caseRes = await t.inject({ url: `/api/admin/disputes/${id}`, cookie: admin.cookie });
    expect(caseRes.statusCode, caseRes.body).toBe(200);
    const disputeCase = caseRes.json() as DisputeCase;
    expect(disputeCase).toMatchObject({
      dispute: { id, status: 'escalated', actions: ['decide'], answer: { kind: 'explanation' } },
      job: { responseId: job.responseId, proofImages: [job.proofUrl], requestImages: [job.requestImageUrl] },
      customer: { userId: job.customer.userId, name: 'Casey Customer' },
      business: { userId: job.business.userId, name: 'Blue Water Pools' },
      messagesTruncated: false,
    });
    expect(disputeCase.messages.map((m) => [m.from, m.messageType])).toEqual([
      ['customer', 'text'],
      ['business', 'completion'],
    ]);
    expect(disputeCase.messages[0]).toMatchObject({
      message: 'The gate code is 4411.',
      senderName: 'Casey Customer',
    });

    // The parties cannot decide, nor read the case.
    const ruling = {
      seenStatus: 'escalated',
      outcome: 'for_customer',
      note: 'The proof photo shows the old pump untouched.',
    };
    for (const party of [job.customer, job.business]) {
      expect((await decide(party.cookie, id, ruling)).statusCode).toBe(403);
      expect((await t.inject({ url: `/api/admin/disputes/${id}`, cookie: party.cookie })).statusCode).toBe(
        403,
      );
      expect((await t.inject({ url: '/api/admin/disputes', cookie: party.cookie })).statusCode).toBe(403);
    }
    const shortNote = await decide(admin.cookie, id, { ...ruling, note: 'Yes.' });
    expect(shortNote.statusCode).toBe(400);
    expect(shortNote.json().message).toBe(DISPUTE_MESSAGES.noteTooShort);
    expect((await decide(admin.cookie, id, { ...ruling, outcome: 'accepted' })).statusCode).toBe(400);

    const decided = await decide(admin.cookie, id, ruling);
    expect(decided.statusCode, decided.body).toBe(200);
    expect((decided.json() as DisputeCase).dispute).toMatchObject({
      status: 'resolved',
      resolution: { outcome: 'for_customer', note: ruling.note },
      actions: [],
    });
    const stored = await storedDispute(id);
    expect(stored).toMatchObject({
      outcome: 'for_customer',
      decidedBy: admin.userId,
      decisionNote: ruling.note,
    });

    // Both parties see the outcome and the note; the job is final and the customer may review it.
    const booking = await customerView(job);
    expect(booking).toMatchObject({
      completionStatus: 'completed',
      canContest: false,
      canReview: true,
      dispute: { status: 'resolved', resolution: { outcome: 'for_customer', note: ruling.note } },
    });
    expect((await businessView(job)).dispute).toMatchObject({
      resolution: { outcome: 'for_customer', note: ruling.note },
    });
    for (const party of [job.customer, job.business]) {
      const told = (await notificationsOf(party.cookie)).find((n) => n.title === 'Dispute decided');
      expect(told?.message).toContain('for the customer');
      expect(told?.message).toContain(ruling.note);
    }
    expect((await review(job)).statusCode).toBe(201);

    // The audit log says who decided what; the queue no longer lists it; a second decision is refused.
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'dispute_decided'));
    expect(event).toMatchObject({
      actorId: admin.userId,
      details: { disputeId: id, responseId: job.responseId, outcome: 'for_customer', note: ruling.note },
    });
    const log = (await t.inject({ url: '/api/admin/audit-events', cookie: admin.cookie })).json();
    expect(JSON.stringify(log)).toContain('for the customer');
    const after = (
      await t.inject({ url: '/api/admin/disputes', cookie: admin.cookie })
    ).json() as DisputeQueuePage;
    expect(after.items.map((i) => i.id)).not.toContain(id);
    const twice = await decide(admin.cookie, id, { ...ruling, seenStatus: 'resolved' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(DISPUTE_MESSAGES.alreadyResolved);
    // Ended disputes can still be read back.
    expect((await t.inject({ url: `/api/admin/disputes/${id}`, cookie: admin.cookie })).json()).toMatchObject(
      {
        dispute: { status: 'resolved', actions: [] },
      },
    );
  });

  it('a decision for the business is final too', async () => {
    const job = await completedJob();
    const id = await answered(job, 'fix_offered');
    expect((await escalate(job.customer.cookie, id, 'awaiting_customer')).statusCode).toBe(200);
    const decided = await decide(admin.cookie, id, {
      seenStatus: 'escalated',
      outcome: 'for_business',
      note: 'The fix offered was fair; the customer declined it.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await customerView(job)).toMatchObject({
      completionStatus: 'completed',
      canReview: true,
      dispute: { resolution: { outcome: 'for_business' } },
    });
  });

  it('only an escalated dispute is decided; a stale screen is refused', async () => {
    const job = await completedJob();
    const id = await contested(job);
    const ruling = {
      seenStatus: 'awaiting_business',
      outcome: 'for_business',
      note: 'Nothing to decide yet here.',
    };
    const early = await decide(admin.cookie, id, ruling);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(DISPUTE_MESSAGES.notEscalated);
    expect((await decide(admin.cookie, 'nope', ruling)).statusCode).toBe(404);
    expect((await t.inject({ url: '/api/admin/disputes/nope', cookie: admin.cookie })).statusCode).toBe(404);
    expect((await storedDispute(id)).status).toBe('awaiting_business');
  });

  it('is never decided by an administrator who is a party to the job', async () => {
    const job = await completedJob();
    const id = await answered(job, 'explanation');
    expect((await escalate(job.customer.cookie, id, 'awaiting_customer')).statusCode).toBe(200);
    // The business's owner is made an administrator later: still no judge of its own job.
    await t.db
      .update(profiles)
      .set({ role: 'administrator' })
      .where(eq(profiles.userId, job.business.userId));
    const own = await decide(job.business.cookie, id, {
      seenStatus: 'escalated',
      outcome: 'for_business',
      note: 'My own work was fine, I promise.',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(DISPUTE_MESSAGES.ownDispute);
    expect((await storedDispute(id)).status).toBe('escalated');
    await t.db
      .update(profiles)
      .set({ role: 'business_owner' })
      .where(eq(profiles.userId, job.business.userId));
  });

  it('lists the queue oldest escalation first, a page at a time', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const job = await completedJob();
      const id = await answered(job, 'explanation');
      expect((await escalate(job.customer.cookie, id, 'awaiting_customer')).statusCode).toBe(200);
      ids.push(id);
    }
    const base = new Date('2026-01-01T00:00:00Z').getTime();
    // Escalated in the opposite order to their creation, two at the same instant (the id breaks the tie).
    await t.db
      .update(disputes)
      .set({ escalatedAt: new Date(base + 60_000) })
      .where(eq(disputes.id, ids[0]!));
    for (const id of [ids[1]!, ids[2]!])
      await t.db
        .update(disputes)
        .set({ escalatedAt: new Date(base) })
        .where(eq(disputes.id, id));
    const expected = [...[ids[1]!, ids[2]!].sort(), ids[0]!];

    const page = async (query: string) => {
      const res = await t.inject({ url: `/api/admin/disputes${query}`, cookie: admin.cookie });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as DisputeQueuePage;
    };
    const first = await page('?limit=2');
    const second = await page(`?limit=2&cursor=${first.nextCursor}`);
    const listed = [...first.items, ...second.items].map((i) => i.id).filter((id) => ids.includes(id));
    expect(listed.slice(0, 3)).toEqual(expected);
    expect(first.items[0]!.escalatedAt).toBe(new Date(base).toISOString());
    expect((await t.inject({ url: '/api/admin/disputes?cursor=abc', cookie: admin.cookie })).statusCode).toBe(
      400,
    );
    expect((await t.inject({ url: '/api/admin/disputes?limit=0', cookie: admin.cookie })).statusCode).toBe(
      400,
    );
  });
});

describe('neither side can stall or close the other’s dispute', () => {
  it('the customer escalates a silent business only after 48 hours', async () => {
    const job = await completedJob();
    const id = await contested(job);
    const early = await escalate(job.customer.cookie, id, 'awaiting_business');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(DISPUTE_MESSAGES.customerEscalateTooEarly);
    const deps = { db: t.db, publicUrl: 'http://grip.test' };
    const openedAt = (await storedDispute(id)).createdAt.getTime();
    await expect(
      escalateDispute(
        deps,
        job.customer.userId,
        id,
        'awaiting_business',
        new Date(openedAt + DISPUTE_ESCALATION_WAIT_MS - 1),
      ),
    ).rejects.toThrow(DISPUTE_MESSAGES.customerEscalateTooEarly);
    const view = await escalateDispute(
      deps,
      job.customer.userId,
      id,
      'awaiting_business',
      new Date(openedAt + DISPUTE_ESCALATION_WAIT_MS),
    );
    expect(view.status).toBe('escalated');
    // The business's answer comes too late: the dispute is with Grip.
    const late = await answer(job.business.cookie, id, {
      seenStatus: 'awaiting_business',
      kind: 'explanation',
      text: 'Sorry, I was away on holiday.',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(DISPUTE_MESSAGES.changedMeanwhile);
  });

  it('the business escalates a silent customer only after 48 hours, and cannot accept its own answer', async () => {
    const job = await completedJob();
    const id = await answered(job, 'explanation');
    expect((await accept(job.business.cookie, id, 'awaiting_customer')).statusCode).toBe(403);
    const early = await escalate(job.business.cookie, id, 'awaiting_customer');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(DISPUTE_MESSAGES.businessEscalateTooEarly);
    const answeredAt = (await storedDispute(id)).answeredAt!.getTime();
    const view = await escalateDispute(
      { db: t.db, publicUrl: 'http://grip.test' },
      job.business.userId,
      id,
      'awaiting_customer',
      new Date(answeredAt + DISPUTE_ESCALATION_WAIT_MS),
    );
    expect(view).toMatchObject({ status: 'escalated', actions: [] });
    expect(
      (await notificationsOf(job.customer.cookie)).find((n) => n.title === 'Dispute escalated to Grip')
        ?.message,
    ).toContain('Blue Water Pools brought the dispute');
  });

  it('a step the screen took from an older state is refused and changes nothing', async () => {
    const job = await completedJob();
    const id = await contested(job);
    // The customer's screen still shows no answer when the business answers.
    expect(
      (
        await answer(job.business.cookie, id, {
          seenStatus: 'awaiting_business',
          kind: 'fix_offered',
          text: 'I will replace the bearing on Monday.',
        })
      ).statusCode,
    ).toBe(200);
    const unseen = await escalateDispute(
      { db: t.db, publicUrl: 'http://grip.test' },
      job.customer.userId,
      id,
      'awaiting_business',
      new Date(Date.now() + 3 * DISPUTE_ESCALATION_WAIT_MS),
    ).catch((e: Error) => e);
    expect(unseen).toBeInstanceOf(Error);
    expect((unseen as Error).message).toBe(DISPUTE_MESSAGES.changedMeanwhile);
    await expect(
      acceptAnswer(
        { db: t.db, publicUrl: 'http://grip.test' },
        job.customer.userId,
        id,
        'awaiting_business',
        new Date(),
      ),
    ).rejects.toThrow(DISPUTE_MESSAGES.changedMeanwhile);
    expect((await storedDispute(id)).status).toBe('awaiting_customer');
    expect((await accept(job.customer.cookie, id, 'bogus')).statusCode).toBe(400);
  });
});

describe('an old screen’s one-click answer', () => {
  it('is refused with words that send the business to the dispute, never a 500', async () => {
    const job = await completedJob();
    await contested(job);
    for (const outcome of ['redo', 'resolved', 'nonsense']) {
      const res = await t.inject({
        method: 'POST',
        url: `/api/business/jobs/${job.responseId}/resolve-contest`,
        cookie: job.business.cookie,
        payload: { outcome },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(DISPUTE_MESSAGES.answerInDispute);
    }
    const other = await poolBusiness(t, {}, 'Other Pools');
    const theirs = await t.inject({
      method: 'POST',
      url: `/api/business/jobs/${job.responseId}/resolve-contest`,
      cookie: other.cookie,
      payload: { outcome: 'redo' },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await storedResponse(job.responseId)).completionStatus).toBe('contested');
  });
});
