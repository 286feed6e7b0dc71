import { randomUUID } from 'node:crypto';
import {
  ADMIN_USER_MESSAGES,
  ACCOUNT_SUSPENDED_MESSAGE,
  MODERATION_MESSAGES,
  ReportQueuePageSchema,
  type ReportQueueItem,
} from '@grip/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, messages, notifications, profiles, reports } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { dealing, report, sendMessage, type Party } from './testing/dealings';

let t: TestApp;
let admin: Party;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUp({ role: 'administrator', name: 'Ada Admin' });
});
afterAll(async () => {
  await t.close();
});

const queue = async (query = '') => {
  const res = await t.inject({ url: `/api/admin/reports${query}`, cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return ReportQueuePageSchema.parse(res.json());
};
/** Every open report, walking the pages. */
const wholeQueue = async () => {
  const items: ReportQueueItem[] = [];
  let cursor: string | null = null;
  do {
    const page = await queue(`?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
};
const handleAs = (cookie: string | undefined, id: string, payload: unknown) =>
  t.inject({ method: 'POST', url: `/api/admin/reports/${id}/handle`, cookie, payload });
const handle = (id: string, payload: unknown) => handleAs(admin.cookie, id, payload);

/** A booked dealing and the business's report of a message the customer sent. */
async function reportedMessage(text = 'Send the money to my cousin instead') {
  const d = await dealing(t);
  const sent = await sendMessage(t, d.customer, d.responseId, text);
  expect(sent.statusCode, sent.body).toBe(201);
  const messageId = sent.json().id as string;
  const res = await report(t, d.business, {
    targetKind: 'message',
    targetId: messageId,
    reason: 'fraud',
    note: 'Asks to pay a stranger',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...d, messageId, reportId: res.json().id as string };
}

describe('the moderation queue', () => {
  it('is for administrators only: 401 signed out, 403 for everyone else, before the body is read', async () => {
    const d = await dealing(t, { book: false });
    for (const cookie of [undefined, d.customer.cookie, d.business.cookie]) {
      const list = await t.inject({ url: '/api/admin/reports?limit=nonsense', cookie });
      expect(list.statusCode).toBe(cookie ? 403 : 401);
      const act = await handleAs(cookie, randomUUID(), { action: 'nonsense' });
      expect(act.statusCode).toBe(cookie ? 403 : 401);
      if (cookie) expect(act.json().message).toBe(MODERATION_MESSAGES.administratorsOnly);
    }
  });

  it('lists open reports oldest first with who reported whom and the content as it is', async () => {
    const r = await reportedMessage();
    const item = (await wholeQueue()).find((i) => i.id === r.reportId);
    expect(item).toMatchObject({
      targetKind: 'message',
      reason: 'fraud',
      note: 'Asks to pay a stranger',
      reporter: { userId: r.business.userId, name: 'Blue Water Pools', email: r.business.email },
      reportedUser: {
        userId: r.customer.userId,
        name: 'Casey Customer',
        email: r.customer.email,
        role: 'user',
        suspendedAt: null,
        deletedAt: null,
        reportCount: 1,
      },
      content: {
        isGone: false,
        context: 'Pool Maintenance request',
        text: 'Send the money to my cousin instead',
        images: [],
        rating: null,
        reply: null,
      },
    });

    // A request and an account report show their own content; a deleted message says it is gone.
    const other = await report(t, r.business, {
      targetKind: 'request',
      targetId: r.requestId,
      reason: 'spam',
    });
    const account = await report(t, r.customer, {
      targetKind: 'user',
      targetId: r.business.userId,
      reason: 'no_show',
    });
    await t.db.delete(messages).where(eq(messages.id, r.messageId));
    const items = await wholeQueue();
    const ids = items.map((i) => i.id);
    expect(ids.indexOf(r.reportId)).toBeLessThan(ids.indexOf(other.json().id as string));
    expect(ids.indexOf(other.json().id as string)).toBeLessThan(ids.indexOf(account.json().id as string));
    expect(items.find((i) => i.id === r.reportId)?.content).toMatchObject({ isGone: true, text: null });
    expect(items.find((i) => i.id === other.json().id)?.content).toMatchObject({
      isGone: false,
      context: 'Pool Maintenance request',
      text: 'The pool pump is making a grinding noise.',
    });
    const ofAccount = items.find((i) => i.id === account.json().id);
    expect(ofAccount?.content.isGone).toBe(false);
    expect(ofAccount?.reportedUser).toMatchObject({ name: 'Blue Water Pools', role: 'business_owner' });
    expect(items.find((i) => i.id === other.json().id)?.reportedUser?.reportCount).toBe(2);
  });

  it('pages with an opaque cursor and refuses a bad one', async () => {
    await reportedMessage();
    await reportedMessage();
    const all = await wholeQueue();
    const first = await queue('?limit=1');
    expect(first.items.map((i) => i.id)).toEqual([all[0]!.id]);
    const second = await queue(`?limit=1&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.id)).toEqual([all[1]!.id]);
    for (const cursor of [
      'nonsense',
      Buffer.from('["2026-01-01T00:00:00.000000","x"]').toString('base64url'),
    ]) {
      const res = await t.inject({ url: `/api/admin/reports?cursor=${cursor}`, cookie: admin.cookie });
      expect(res.statusCode, cursor).toBe(400);
    }
  });

  it('dismisses once: the report leaves the queue, the audit log says so, a second try is 409', async () => {
    const r = await reportedMessage();
    const res = await handle(r.reportId, { action: 'dismiss', note: 'Just a misunderstanding' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: r.reportId, status: 'dismissed' });
    const [row] = await t.db.select().from(reports).where(eq(reports.id, r.reportId));
    expect(row).toMatchObject({
      status: 'dismissed',
      handledBy: admin.userId,
      handlingNote: 'Just a misunderstanding',
    });
    expect(row!.handledAt).toBeInstanceOf(Date);
    expect((await wholeQueue()).map((i) => i.id)).not.toContain(r.reportId);
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, admin.userId), eq(auditEvents.action, 'report_handled')));
    expect(events.map((e) => e.details)).toContainEqual(
      expect.objectContaining({
        reportId: r.reportId,
        targetKind: 'message',
        status: 'dismissed',
        note: 'Just a misunderstanding',
      }),
    );
    const again = await handle(r.reportId, { action: 'warn', message: 'Too late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MODERATION_MESSAGES.alreadyHandled);
    expect(await noticesOf(r.customer.userId)).toEqual([]);
  });

  it('warns: the reported account reads the words in the app; no words, no warning', async () => {
    const r = await reportedMessage();
    const empty = await handle(r.reportId, { action: 'warn', message: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ message: MODERATION_MESSAGES.warningRequired });
    const res = await handle(r.reportId, { action: 'warn', message: 'Payments go through Grip only.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('warned');
    expect(await noticesOf(r.customer.userId)).toEqual([
      { title: MODERATION_MESSAGES.warningNoticeTitle, message: 'Payments go through Grip only.' },
    ]);
    // The reporter is not told anything, and the reported one can still sign in.
    expect(await noticesOf(r.business.userId)).toEqual([]);
    expect((await t.inject({ url: '/api/me', cookie: r.customer.cookie })).statusCode).toBe(200);
  });

  it('suspends through the Users tab’s suspension: signed out, sign-in refused, and its rules apply', async () => {
    const r = await reportedMessage();
    const noNote = await handle(r.reportId, { action: 'suspend' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().fields).toMatchObject({ note: MODERATION_MESSAGES.suspendNoteRequired });
    const res = await handle(r.reportId, {
      action: 'suspend',
      note: 'Asked for payment off the platform twice',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('suspended');
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, r.customer.userId));
    expect(profile!.suspendedAt).toBeInstanceOf(Date);
    expect((await t.inject({ url: '/api/me', cookie: r.customer.cookie })).statusCode).toBe(401);
    const refused = await t.signIn(r.customer.email, r.customer.password);
    expect(refused.res.statusCode).toBe(403);
    expect(refused.res.json().message).toBe(ACCOUNT_SUSPENDED_MESSAGE);

    // An administrator reported is demoted first (the same rule), and the report stays open.
    const d = await dealing(t, { book: false });
    const accused = await report(t, d.business, {
      targetKind: 'user',
      targetId: d.customer.userId,
      reason: 'fraud',
    });
    await t.db.update(profiles).set({ role: 'administrator' }).where(eq(profiles.userId, d.customer.userId));
    const refusedAdmin = await handle(accused.json().id as string, { action: 'suspend', note: 'Fraud' });
    expect(refusedAdmin.statusCode).toBe(409);
    expect(refusedAdmin.json().message).toBe(ADMIN_USER_MESSAGES.suspendAdministrator);
    expect((await wholeQueue()).map((i) => i.id)).toContain(accused.json().id);
  });

  it('refuses to warn or suspend an account that is gone, but may dismiss its report', async () => {
    const d = await dealing(t);
    const sent = await sendMessage(t, d.customer, d.responseId, 'Spam');
    await t.db
      .update(messages)
      .set({ senderId: null })
      .where(eq(messages.id, sent.json().id as string));
    const res = await report(t, d.business, {
      targetKind: 'message',
      targetId: sent.json().id as string,
      reason: 'spam',
    });
    const id = res.json().id as string;
    for (const body of [
      { action: 'warn', message: 'Stop' },
      { action: 'suspend', note: 'Spam' },
    ]) {
      const refused = await handle(id, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(MODERATION_MESSAGES.reportedAccountGone);
    }
    expect((await handle(id, { action: 'dismiss' })).statusCode).toBe(200);
  });

  it('answers 404 for no such report, and lets only one of two simultaneous handlings through', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await handle(id, { action: 'dismiss' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe(MODERATION_MESSAGES.reportNotFound);
    }
    const r = await reportedMessage();
    const both = await Promise.all([
      handle(r.reportId, { action: 'warn', message: 'First' }),
      handle(r.reportId, { action: 'dismiss' }),
    ]);
    expect(both.map((b) => b.statusCode).sort()).toEqual([200, 409]);
    const warned = both[0]!.statusCode === 200;
    expect(await noticesOf(r.customer.userId)).toHaveLength(warned ? 1 : 0);
  });
});

async function noticesOf(userId: string) {
  return t.db
    .select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'moderation_warning')));
}
