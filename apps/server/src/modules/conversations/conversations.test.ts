import { randomUUID } from 'node:crypto';
import {
  CONVERSATION_MESSAGES,
  ConversationListSchema,
  ConversationMessageSchema,
  ConversationSchema,
  MESSAGE_PAGE_SIZE,
  MessagePageSchema,
} from '@grip/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, messages, notifications, profiles, serviceRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SENDING_TOO_FAST } from './conversations.routes';
import { BAD_CURSOR, DELETED_USER } from './conversations.service';
import { EXACT_ADDRESS, POOL_REQUEST } from '../../test/pool-request';

let t: TestApp;
let admin: Party;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUp({ role: 'administrator' });
});
afterAll(async () => {
  await t.close();
});

type Party = Awaited<ReturnType<TestApp['signUp']>>;

async function business(name = 'Blue Water Pools'): Promise<Party> {
  const b = await t.signUp({ role: 'business_owner', businessName: name });
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

const customer = (name = 'Casey Customer') => t.signUp({ name });

/** A request of `c` with a quote of `b` on it, confirmed by the customer unless told otherwise. */
async function conversation(b: Party, c: Party, options: { accept?: boolean } = {}) {
  const req = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: c.cookie,
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
  if (options.accept !== false) {
    const ok = await t.confirmOffer(c.cookie, responseId);
    expect(ok.statusCode, ok.body).toBe(200);
  }
  return { requestId, responseId, business: b, customer: c };
}

const send = (cookie: string | undefined, responseId: string, payload: unknown) =>
  t.inject({ method: 'POST', url: `/api/conversations/${responseId}/messages`, cookie, payload });
const sendOk = async (cookie: string, responseId: string, message: string) => {
  const res = await send(cookie, responseId, { message });
  expect(res.statusCode, res.body).toBe(201);
  return ConversationMessageSchema.parse(res.json());
};
const list = async (cookie: string, query = '') => {
  const res = await t.inject({ url: `/api/conversations${query}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return ConversationListSchema.parse(res.json());
};
const page = (cookie: string, responseId: string, query = '') =>
  t.inject({ url: `/api/conversations/${responseId}/messages${query}`, cookie });
const read = (cookie: string | undefined, responseId: string) =>
  t.inject({ method: 'POST', url: `/api/conversations/${responseId}/read`, cookie });
const unreadBadge = async (cookie: string) =>
  (await t.inject({ url: '/api/badges', cookie })).json().unreadMessages as number;
const rowsOf = (responseId: string) =>
  t.db
    .select()
    .from(messages)
    .where(eq(messages.responseId, responseId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
const noticesOf = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'new_message')));

/** Every endpoint of one conversation, each with a valid body. */
const everyEndpoint = (responseId: string) => [
  { method: 'GET' as const, url: `/api/conversations/${responseId}` },
  { method: 'GET' as const, url: `/api/conversations/${responseId}/messages` },
  { method: 'POST' as const, url: `/api/conversations/${responseId}/read` },
  { method: 'POST' as const, url: `/api/conversations/${responseId}/messages`, payload: { message: 'Hi' } },
];

describe('who reaches a conversation', () => {
  it('asks signed-out callers to sign in on every endpoint', async () => {
    const c = await conversation(await business(), await customer());
    for (const e of [{ method: 'GET' as const, url: '/api/conversations' }, ...everyEndpoint(c.responseId)]) {
      const res = await t.inject(e);
      expect(res.statusCode, `${e.method} ${e.url}`).toBe(401);
    }
  });

  it('answers not found to strangers, other businesses, administrators and malformed ids', async () => {
    const c = await conversation(await business(), await customer());
    await sendOk(c.customer.cookie, c.responseId, 'Hello there');
    const stranger = await customer('Stranger');
    const otherBusiness = await business('Other Pools');
    for (const who of [stranger, otherBusiness, admin]) {
      for (const e of everyEndpoint(c.responseId)) {
        const res = await t.inject({ ...e, cookie: who.cookie });
        expect(res.statusCode, `${e.method} ${e.url}`).toBe(404);
        expect(res.json().message).toBe(CONVERSATION_MESSAGES.notFound);
      }
      expect((await list(who.cookie)).items).toEqual([]);
    }
    for (const id of ['not-a-uuid', randomUUID()]) {
      for (const e of everyEndpoint(id)) {
        const res = await t.inject({ ...e, cookie: c.customer.cookie });
        expect(res.statusCode, `${e.method} ${e.url}`).toBe(404);
      }
    }
    // Nothing was written by the refused calls.
    expect(await rowsOf(c.responseId)).toHaveLength(1);
  });

  it('hides a response the customer ignored from the customer, not from the business', async () => {
    const c = await conversation(await business(), await customer(), { accept: false });
    const ignored = await t.inject({
      method: 'POST',
      url: `/api/offers/${c.responseId}/ignore`,
      cookie: c.customer.cookie,
    });
    expect(ignored.statusCode, ignored.body).toBe(200);
    expect(
      (await t.inject({ url: `/api/conversations/${c.responseId}`, cookie: c.customer.cookie })).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ url: `/api/conversations/${c.responseId}`, cookie: c.business.cookie })).statusCode,
    ).toBe(200);
    // The page's one statement applies the same rule as the header.
    expect((await page(c.customer.cookie, c.responseId)).statusCode).toBe(404);
    expect((await page(c.business.cookie, c.responseId)).statusCode).toBe(200);
    // Not found comes before a malformed cursor: a stranger learns nothing from it.
    const stranger = await customer('Curious Stranger');
    expect((await page(stranger.cookie, c.responseId, '?before=nonsense')).statusCode).toBe(404);
  });
});

describe('GET /api/conversations/:responseId', () => {
  it('lets both parties read a pending response, with the area for the business and no sending', async () => {
    const c = await conversation(await business(), await customer('Casey Customer'), { accept: false });
    const [request] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, c.requestId));
    expect(request!.areaLabel).toBeTruthy();

    const asBusiness = await t.inject({
      url: `/api/conversations/${c.responseId}`,
      cookie: c.business.cookie,
    });
    expect(asBusiness.statusCode, asBusiness.body).toBe(200);
    expect(ConversationSchema.parse(asBusiness.json())).toEqual({
      responseId: c.responseId,
      requestId: c.requestId,
      requestTitle: 'Pool Maintenance request',
      serviceType: 'Home & Property Services',
      location: request!.areaLabel,
      otherPartyName: 'Casey Customer',
      responseStatus: 'pending',
      completionStatus: 'pending',
      quotedPrice: '180.00',
      priceType: 'fixed',
      canSend: false,
      role: 'business',
    });

    const asCustomer = await t.inject({
      url: `/api/conversations/${c.responseId}`,
      cookie: c.customer.cookie,
    });
    expect(asCustomer.json()).toMatchObject({
      location: EXACT_ADDRESS,
      otherPartyName: 'Blue Water Pools',
      canSend: false,
      role: 'customer',
    });

    // The thread (counter offers) is readable; sending is refused by either party.
    expect((await page(c.business.cookie, c.responseId)).statusCode).toBe(200);
    for (const cookie of [c.business.cookie, c.customer.cookie]) {
      const res = await send(cookie, c.responseId, { message: 'Can we talk?' });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(CONVERSATION_MESSAGES.locked);
    }
    expect(await rowsOf(c.responseId)).toHaveLength(0);
  });

  it('gives the accepted business the exact address and lets both send', async () => {
    const c = await conversation(await business(), await customer());
    const res = await t.inject({ url: `/api/conversations/${c.responseId}`, cookie: c.business.cookie });
    expect(res.json()).toMatchObject({
      location: EXACT_ADDRESS,
      responseStatus: 'accepted',
      canSend: true,
      role: 'business',
    });
  });
});

describe('POST /api/conversations/:responseId/messages', () => {
  it('stores trimmed text to the other party and refuses blank, too long and foreign images', async () => {
    const c = await conversation(await business(), await customer('Casey Customer'));
    const res = await send(c.customer.cookie, c.responseId, { message: '  When can you come?  \n' });
    expect(res.statusCode, res.body).toBe(201);
    expect(ConversationMessageSchema.parse(res.json())).toMatchObject({
      senderId: c.customer.userId,
      fromMe: true,
      senderName: 'Casey Customer',
      message: 'When can you come?',
      messageType: 'text',
      attachments: [],
      readAt: null,
    });
    const reply = await sendOk(c.business.cookie, c.responseId, 'Thursday at 9.');
    expect(reply.senderName).toBe('Blue Water Pools');
    const [first, second] = await rowsOf(c.responseId);
    expect(first).toMatchObject({ senderId: c.customer.userId, receiverId: c.business.userId });
    expect(second).toMatchObject({ senderId: c.business.userId, receiverId: c.customer.userId });

    for (const message of ['', '   \n  ']) {
      const blank = await send(c.customer.cookie, c.responseId, { message });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe(CONVERSATION_MESSAGES.blank);
    }
    const long = await send(c.customer.cookie, c.responseId, { message: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(CONVERSATION_MESSAGES.tooLong);
    expect((await send(c.customer.cookie, c.responseId, { message: 'x'.repeat(5000) })).statusCode).toBe(201);

    const theirs = await t.uploadImage(c.business.cookie, 'message_attachment');
    const foreign = await send(c.customer.cookie, c.responseId, { message: 'Look', attachments: [theirs] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(CONVERSATION_MESSAGES.attachmentsNotUploaded);
    const outside = await send(c.customer.cookie, c.responseId, {
      attachments: ['https://evil.example/x.png'],
    });
    expect(outside.statusCode).toBe(400);

    const mine = await t.uploadImage(c.customer.cookie, 'message_attachment');
    const photo = await send(c.customer.cookie, c.responseId, { attachments: [mine] });
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json()).toMatchObject({ message: '', attachments: [mine] });
    expect(await rowsOf(c.responseId)).toHaveLength(4);
  });

  it('notifies the receiver with the first 100 characters, and the badge counts by receiver', async () => {
    const c = await conversation(await business(), await customer('Casey Customer'));
    const long = `${'a'.repeat(98)}bcdef`;
    await sendOk(c.customer.cookie, c.responseId, long);
    await sendOk(c.customer.cookie, c.responseId, 'Second');

    const notices = await noticesOf(c.business.userId);
    expect(notices).toHaveLength(2);
    expect(notices.map((n) => n.message).sort()).toEqual(
      [`Casey Customer: ${'a'.repeat(98)}bc`, 'Casey Customer: Second'].sort(),
    );
    expect(notices[0]).toMatchObject({ title: 'New message', relatedId: c.responseId, readAt: null });
    expect(await noticesOf(c.customer.userId)).toHaveLength(0);

    expect(await unreadBadge(c.business.cookie)).toBe(2);
    expect(await unreadBadge(c.customer.cookie)).toBe(0);
    await sendOk(c.business.cookie, c.responseId, 'Got it');
    expect((await noticesOf(c.customer.userId))[0]!.message).toBe('Blue Water Pools: Got it');
  });

  it('stores a retried send with the same clientId once, also when ten arrive together', async () => {
    const c = await conversation(await business(), await customer());
    const clientId = randomUUID();
    const first = await send(c.customer.cookie, c.responseId, { message: 'Once only', clientId });
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(c.customer.cookie, c.responseId, { message: 'Once only', clientId });
    expect([200, 201]).toContain(again.statusCode);
    expect(again.json().id).toBe(first.json().id);
    expect(await rowsOf(c.responseId)).toHaveLength(1);
    expect(await noticesOf(c.business.userId)).toHaveLength(1);

    const together = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(c.business.cookie, c.responseId, { message: 'Arriving soon', clientId: together }),
      ),
    );
    for (const a of answers) expect([200, 201], a.body).toContain(a.statusCode);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect((await rowsOf(c.responseId)).filter((m) => m.clientId === together)).toHaveLength(1);
    expect(await noticesOf(c.customer.userId)).toHaveLength(1);

    // The same clientId from the other party is a different message.
    expect(
      (await send(c.customer.cookie, c.responseId, { message: 'Me too', clientId: together })).statusCode,
    ).toBe(201);
    // Reused for another conversation: refused rather than mixing threads.
    const other = await conversation(c.business, await customer());
    const reused = await send(c.business.cookie, other.responseId, { message: 'Hi', clientId: together });
    expect(reused.statusCode).toBe(409);
    expect(await rowsOf(other.responseId)).toHaveLength(0);
  });

  it('limits how fast one user sends', async () => {
    const c = await conversation(await business(), await customer());
    // MESSAGE_RATE_LIMIT, 60 a minute unless configured.
    for (let i = 0; i < t.app.grip.config.messageRateLimit; i++)
      await sendOk(c.business.cookie, c.responseId, `Message ${i}`);
    const res = await send(c.business.cookie, c.responseId, { message: 'One too many' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(SENDING_TOO_FAST);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The limit is per user: the customer still writes.
    await sendOk(c.customer.cookie, c.responseId, 'Still here');
  });
});

describe('POST /api/conversations/:responseId/read', () => {
  it("marks only the other party's messages read, and the badge drops", async () => {
    const c = await conversation(await business(), await customer());
    await sendOk(c.business.cookie, c.responseId, 'One');
    await sendOk(c.business.cookie, c.responseId, 'Two');
    await sendOk(c.customer.cookie, c.responseId, 'Three');
    const elsewhere = await conversation(await business('Other Pools'), c.customer);
    await sendOk(elsewhere.business.cookie, elsewhere.responseId, 'Elsewhere');
    expect(await unreadBadge(c.customer.cookie)).toBe(3);

    // Reading the thread has no side effect.
    expect((await page(c.customer.cookie, c.responseId)).statusCode).toBe(200);
    expect(await unreadBadge(c.customer.cookie)).toBe(3);

    const res = await read(c.customer.cookie, c.responseId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ marked: 2 });
    expect(await unreadBadge(c.customer.cookie)).toBe(1);
    expect(await unreadBadge(c.business.cookie)).toBe(1);
    const rows = await rowsOf(c.responseId);
    expect(rows.filter((m) => m.readAt !== null).map((m) => m.message)).toEqual(['One', 'Two']);
    const thread = MessagePageSchema.parse((await page(c.business.cookie, c.responseId)).json());
    expect(thread.items.map((m) => m.readAt !== null)).toEqual([true, true, false]);

    expect((await read(c.customer.cookie, c.responseId)).json()).toEqual({ marked: 0 });
    expect((await read(c.business.cookie, c.responseId)).json()).toEqual({ marked: 1 });
    expect(await unreadBadge(c.business.cookie)).toBe(0);
  });
});

describe('GET /api/conversations', () => {
  it('lists both parties their accepted conversations with names, last message and unread counts', async () => {
    const pools = await business('Blue Water Pools');
    const sparks = await business('Bright Sparks');
    const casey = await customer('Casey Customer');
    const first = await conversation(pools, casey);
    const second = await conversation(sparks, casey);
    const pending = await conversation(pools, await customer('Pat Pending'), { accept: false });
    const archie = await customer('Archie');
    const archived = await conversation(pools, archie);
    await t.db
      .update(businessResponses)
      .set({ archivedAt: new Date() })
      .where(eq(businessResponses.id, archived.responseId));

    await sendOk(pools.cookie, first.responseId, 'Hello from the pool people');
    await sendOk(pools.cookie, first.responseId, 'Are you home Thursday?');
    await sendOk(casey.cookie, second.responseId, 'Please bring a ladder');

    const mine = await list(casey.cookie);
    expect(mine.nextCursor).toBeNull();
    // Newest activity first: the last message went to the second conversation.
    expect(mine.items.map((i) => i.responseId)).toEqual([second.responseId, first.responseId]);
    expect(mine.items[0]).toMatchObject({
      requestId: second.requestId,
      requestTitle: 'Pool Maintenance request',
      serviceType: 'Home & Property Services',
      otherPartyName: 'Bright Sparks',
      responseStatus: 'accepted',
      completionStatus: 'pending',
      quotedPrice: '180.00',
      priceType: 'fixed',
      lastMessage: { message: 'Please bring a ladder', fromMe: true, messageType: 'text' },
      unreadCount: 0,
    });
    expect(mine.items[1]).toMatchObject({
      otherPartyName: 'Blue Water Pools',
      lastMessage: { message: 'Are you home Thursday?', fromMe: false },
      unreadCount: 2,
    });
    expect(mine.items[0]!.lastActivityAt).toBe(mine.items[0]!.lastMessage!.createdAt);

    const theirs = await list(pools.cookie);
    // Pending responses have no conversation; a job the business archived leaves its list only.
    expect(theirs.items.map((i) => i.responseId)).toEqual([first.responseId]);
    expect((await list(archie.cookie)).items.map((i) => i.responseId)).toEqual([archived.responseId]);
    expect(theirs.items[0]).toMatchObject({
      otherPartyName: 'Casey Customer',
      lastMessage: { message: 'Are you home Thursday?', fromMe: true },
      unreadCount: 0,
    });
    expect(pending.responseId).not.toBe(first.responseId);

    // A reply moves the first conversation back to the top; reading clears its count.
    await sendOk(pools.cookie, first.responseId, 'Never mind, see you then');
    await read(casey.cookie, first.responseId);
    const after = await list(casey.cookie);
    expect(after.items.map((i) => [i.responseId, i.unreadCount])).toEqual([
      [first.responseId, 0],
      [second.responseId, 0],
    ]);

    // Without messages, the response's acceptance time orders it.
    const quiet = await conversation(sparks, casey);
    const withQuiet = await list(casey.cookie);
    expect(withQuiet.items[0]).toMatchObject({
      responseId: quiet.responseId,
      lastMessage: null,
      unreadCount: 0,
    });
  });

  it('pages with an opaque cursor, also through equal activity times, and refuses a bad one', async () => {
    const b = await business();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await conversation(b, await customer(`Customer ${i}`)));
    // Three share one activity time to the microsecond, across a page boundary: the id settles it.
    await t.db
      .update(businessResponses)
      .set({ updatedAt: sql`'2030-01-01T00:00:00.123456Z'::timestamptz` })
      .where(
        sql`${businessResponses.id} in (${made[1]!.responseId}, ${made[2]!.responseId}, ${made[3]!.responseId})`,
      );

    const everything = (await list(b.cookie, '?limit=50')).items.map((i) => i.responseId);
    expect(new Set(everything)).toEqual(new Set(made.map((m) => m.responseId)));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const p = await list(b.cookie, query);
      expect(p.items.length).toBeLessThanOrEqual(2);
      seen.push(...p.items.map((i) => i.responseId));
      cursor = p.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(everything);

    for (const bad of ['nonsense', Buffer.from('12|not-an-id').toString('base64url'), '%%%']) {
      const res = await t.inject({
        url: `/api/conversations?cursor=${encodeURIComponent(bad)}`,
        cookie: b.cookie,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(BAD_CURSOR);
    }
    for (const limit of ['0', '51', 'many']) {
      expect(
        (await t.inject({ url: `/api/conversations?limit=${limit}`, cookie: b.cookie })).statusCode,
      ).toBe(400);
    }
  });
});

describe('GET /api/conversations/:responseId/messages', () => {
  it('pages 120 messages newest page first, oldest first within a page, walking back by olderCursor', async () => {
    const c = await conversation(await business(), await customer('Casey Customer'));
    const base = Date.UTC(2030, 0, 1);
    // Three messages share each timestamp, so the order within a tie (by id) is exercised too.
    await t.db.insert(messages).values(
      Array.from({ length: 120 }, (_, i) => {
        const fromBusiness = i % 2 === 0;
        return {
          requestId: c.requestId,
          responseId: c.responseId,
          senderId: fromBusiness ? c.business.userId : c.customer.userId,
          receiverId: fromBusiness ? c.customer.userId : c.business.userId,
          message: `Message ${i}`,
          createdAt: new Date(base + Math.floor(i / 3) * 1000),
        };
      }),
    );
    const expected = (await rowsOf(c.responseId)).map((m) => m.id);
    expect(expected).toHaveLength(120);

    const newest = await page(c.customer.cookie, c.responseId);
    expect(newest.statusCode, newest.body).toBe(200);
    const p1 = MessagePageSchema.parse(newest.json());
    expect(p1.items.map((m) => m.id)).toEqual(expected.slice(120 - MESSAGE_PAGE_SIZE));
    for (const m of p1.items) {
      const mine = m.senderId === c.customer.userId;
      expect(m).toMatchObject({ fromMe: mine, senderName: mine ? 'Casey Customer' : 'Blue Water Pools' });
    }
    expect(p1.olderCursor).toBe(p1.items[0]!.id);

    const p2 = MessagePageSchema.parse(
      (await page(c.customer.cookie, c.responseId, `?before=${p1.olderCursor}`)).json(),
    );
    expect(p2.items.map((m) => m.id)).toEqual(expected.slice(20, 70));
    const p3 = MessagePageSchema.parse(
      (await page(c.customer.cookie, c.responseId, `?before=${p2.olderCursor}`)).json(),
    );
    expect(p3.items.map((m) => m.id)).toEqual(expected.slice(0, 20));
    expect(p3.olderCursor).toBeNull();

    const big = MessagePageSchema.parse((await page(c.business.cookie, c.responseId, '?limit=100')).json());
    expect(big.items.map((m) => m.id)).toEqual(expected.slice(20));
    for (const m of big.items) {
      const theirs = m.senderId === c.customer.userId;
      expect(m).toMatchObject({
        fromMe: !theirs,
        senderName: theirs ? 'Casey Customer' : 'Blue Water Pools',
      });
    }
    expect((await page(c.business.cookie, c.responseId, '?limit=101')).statusCode).toBe(400);
    expect((await page(c.business.cookie, c.responseId, '?limit=0')).statusCode).toBe(400);
    const bad = await page(c.business.cookie, c.responseId, '?before=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(BAD_CURSOR);
    // A message of another conversation is no place in this one.
    const other = await conversation(await business(), await customer());
    const elsewhere = await sendOk(other.customer.cookie, other.responseId, 'Elsewhere');
    const none = MessagePageSchema.parse(
      (await page(c.customer.cookie, c.responseId, `?before=${elsewhere.id}`)).json(),
    );
    expect(none).toEqual({ items: [], olderCursor: null });
  });

  it("shows a deleted account's messages as 'Deleted user', and an empty thread as empty", async () => {
    const c = await conversation(await business(), await customer());
    expect(MessagePageSchema.parse((await page(c.customer.cookie, c.responseId)).json())).toEqual({
      items: [],
      olderCursor: null,
    });
    const sent = await sendOk(c.business.cookie, c.responseId, 'Before I left');
    await t.db.update(messages).set({ senderId: null }).where(eq(messages.id, sent.id));
    const thread = MessagePageSchema.parse((await page(c.customer.cookie, c.responseId)).json());
    expect(thread.items[0]).toMatchObject({ senderId: null, fromMe: false, senderName: DELETED_USER });
  });
});
