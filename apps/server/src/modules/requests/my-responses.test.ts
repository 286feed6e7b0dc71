import { MY_RESPONSES_MESSAGES, MyResponsesPageSchema, type MyResponsesPage } from '@grip/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, messages, serviceRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let shop: Party;
let otherShop: Party;
beforeAll(async () => {
  t = await createTestApp();
  shop = await t.signUp({ role: 'business_owner', businessName: 'Drip Fix Plumbing' });
  otherShop = await t.signUp({ role: 'business_owner', businessName: 'Tap Masters' });
});
afterAll(async () => {
  await t.close();
});

type Party = Awaited<ReturnType<TestApp['signUp']>>;
const HOUR = 60 * 60 * 1000;

async function post(customer: Party): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: customer.cookie,
    payload: {
      serviceType: 'Home & Property Services',
      serviceSubtype: 'plumbing',
      description: 'The kitchen tap drips all night long.',
      location: '12 Smith St, Surry Hills NSW 2010',
      serviceAreaKm: 10,
      budget: 150,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** A request made `hours` ago (creation and last update). */
async function requestAged(
  customer: Party,
  hours: number,
  change: Partial<typeof serviceRequests.$inferInsert> = {},
) {
  const id = await post(customer);
  const at = new Date(Date.now() - hours * HOUR);
  await t.db
    .update(serviceRequests)
    .set({ createdAt: at, updatedAt: at, ...change })
    .where(eq(serviceRequests.id, id));
  return id;
}

async function respond(
  requestId: string,
  business: Party = shop,
  values: Partial<typeof businessResponses.$inferInsert> = {},
): Promise<string> {
  const [row] = await t.db
    .insert(businessResponses)
    .values({
      requestId,
      businessUserId: business.userId,
      quotedPrice: '80.00',
      priceType: 'hourly',
      message: 'I can come tomorrow morning.',
      agreedRequestVersion: await t.requestVersion(requestId),
      ...values,
    })
    .returning();
  return row!.id;
}

async function list(cookie: string | undefined, query: string) {
  return t.inject({ url: `/api/my-responses${query}`, cookie });
}
async function page(customer: Party, query: string): Promise<MyResponsesPage> {
  const res = await list(customer.cookie, query);
  expect(res.statusCode, res.body).toBe(200);
  return MyResponsesPageSchema.parse(res.json());
}
const ids = (p: MyResponsesPage) => p.items.map((r) => r.id);

describe('GET /api/my-responses groups', () => {
  it('groups answered requests by how long ago they were made, newest first', async () => {
    const customer = await t.signUp();
    const fresh = await requestAged(customer, 2);
    const fresher = await requestAged(customer, 1);
    const dayOld = await requestAged(customer, 30);
    const assignedDayOld = await requestAged(customer, 40, { status: 'assigned' });
    const old = await requestAged(customer, 60);
    const cancelledOld = await requestAged(customer, 300, { status: 'cancelled' });
    for (const id of [fresh, fresher, dayOld, assignedDayOld, old, cancelledOld]) await respond(id);

    expect(ids(await page(customer, '?group=new'))).toEqual([fresher, fresh]);
    expect(ids(await page(customer, ''))).toEqual([fresher, fresh]);
    expect(ids(await page(customer, '?group=about_to_expire'))).toEqual([dayOld, assignedDayOld]);
    expect(ids(await page(customer, '?group=expired'))).toEqual([old, cancelledOld]);
  });

  it('leaves out expired requests that are assigned, in progress or completed', async () => {
    const customer = await t.signUp();
    const open = await requestAged(customer, 50);
    const hidden = [];
    for (const status of ['assigned', 'in_progress', 'completed'] as const) {
      hidden.push(await requestAged(customer, 50, { status }));
    }
    for (const id of [open, ...hidden]) await respond(id);
    expect(ids(await page(customer, '?group=expired'))).toEqual([open]);
  });

  it('lists only requests with a response not ignored, unarchived, and only the customer’s own', async () => {
    const customer = await t.signUp();
    const other = await t.signUp();
    const answered = await requestAged(customer, 1);
    await requestAged(customer, 1); // no responses
    const onlyIgnored = await requestAged(customer, 1);
    await respond(onlyIgnored, shop, { status: 'ignored' });
    const archived = await requestAged(customer, 1, { archivedAt: new Date() });
    await respond(archived);
    await respond(answered, shop);
    await respond(answered, otherShop, { status: 'ignored' });
    const theirs = await requestAged(other, 1);
    await respond(theirs);

    const mine = await page(customer, '?group=new');
    expect(ids(mine)).toEqual([answered]);
    expect(mine.items[0]).toMatchObject({ responseCount: 1, title: 'Kitchen tap drips all night long' });
    expect(mine.items[0]!.responses.map((r) => r.businessName)).toEqual(['Drip Fix Plumbing']);
    expect(ids(await page(other, '?group=new'))).toEqual([theirs]);
  });
});

describe('GET /api/my-responses pages', () => {
  it('pages newest first with a cursor, ties broken by id, without repeats', async () => {
    const customer = await t.signUp();
    const made: string[] = [];
    for (const hours of [3, 2, 2, 1, 4]) {
      const id = await requestAged(customer, hours);
      await respond(id);
      made.push(id);
    }
    // Two requests made at the very same instant still page apart.
    const [, second, third] = made;
    const [row] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, second!));
    await t.db
      .update(serviceRequests)
      .set({ createdAt: row!.createdAt })
      .where(eq(serviceRequests.id, third!));

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const p: MyResponsesPage = await page(
        customer,
        `?group=new&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(p.items.length).toBeLessThanOrEqual(2);
      seen.push(...ids(p));
      cursor = p.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
    const created = await t.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.userId, customer.userId));
    const expected = [...created]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    expect(seen).toEqual(expected);
  });

  it('refuses a bad group, cursor or limit with a message, and signed-out visitors', async () => {
    const customer = await t.signUp();
    const bad = async (query: string) => {
      const res = await list(customer.cookie, query);
      expect(res.statusCode, query).toBe(400);
      return res.json().message as string;
    };
    expect(await bad('?group=old')).toBe(MY_RESPONSES_MESSAGES.badGroup);
    expect(await bad('?cursor=not-a-page')).toBe(MY_RESPONSES_MESSAGES.badCursor);
    for (const limit of ['0', '51', 'ten']) {
      expect(await bad(`?limit=${limit}`)).toBe('The page size must be a number from 1 to 50.');
    }
    expect((await list(undefined, '?group=new')).statusCode).toBe(401);
    expect((await list(undefined, '?group=old')).statusCode).toBe(401);
  });

  it('gives nothing after a cursor that is not one of the customer’s requests', async () => {
    const customer = await t.signUp();
    const other = await t.signUp();
    await respond(await requestAged(customer, 1));
    const theirs = await requestAged(other, 1);
    await respond(theirs);
    expect(await page(customer, `?group=new&cursor=${theirs}`)).toEqual({ items: [], nextCursor: null });
  });
});

describe('response summary badges', () => {
  const summaryOf = async (customer: Party, requestId: string, responseId: string) => {
    const p = await page(customer, '?group=new');
    const request = p.items.find((r) => r.id === requestId);
    return request?.responses.find((r) => r.id === responseId);
  };

  it('are NEW until viewed, VIEWED after, EDITED once the business changes the offer', async () => {
    const customer = await t.signUp();
    const requestId = await requestAged(customer, 1);
    const responseId = await respond(requestId);
    expect(await summaryOf(customer, requestId, responseId)).toMatchObject({
      stateBadge: null,
      viewStatus: 'NEW',
      customerSentModifiedOffer: false,
    });
    const view = await t.inject({
      method: 'POST',
      url: `/api/offers/${responseId}/view`,
      cookie: customer.cookie,
    });
    expect(view.statusCode, view.body).toBe(204);
    expect((await summaryOf(customer, requestId, responseId))?.viewStatus).toBe('VIEWED');
    await t.db
      .update(businessResponses)
      .set({ quotedPrice: '70.00', updatedAt: new Date(Date.now() + 1000) })
      .where(eq(businessResponses.id, responseId));
    expect((await summaryOf(customer, requestId, responseId))?.viewStatus).toBe('EDITED');
    // My Requests' detail carries the same summaries.
    const detail = await t.inject({ url: `/api/requests/${requestId}`, cookie: customer.cookie });
    expect(detail.json().responses[0]).toMatchObject({
      id: responseId,
      viewStatus: 'EDITED',
      stateBadge: null,
    });
  });

  it('are PENDING while the customer’s counter offer awaits the business, and mark the modified request', async () => {
    const customer = await t.signUp();
    const requestId = await requestAged(customer, 1);
    const responseId = await respond(requestId);
    const quiet = await respond(requestId, otherShop);
    const sent = await t.inject({
      method: 'POST',
      url: `/api/offers/${responseId}/counter-offer`,
      cookie: customer.cookie,
      payload: { quotedPrice: 60, message: 'Could you do it for less?' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await summaryOf(customer, requestId, responseId)).toMatchObject({
      stateBadge: 'PENDING',
      customerSentModifiedOffer: true,
    });
    expect(await summaryOf(customer, requestId, quiet)).toMatchObject({
      stateBadge: null,
      customerSentModifiedOffer: false,
    });

    // The business answers: the counter offer is no longer pending, the badge of what was sent stays.
    await t.db.insert(messages).values({
      requestId,
      responseId,
      senderId: shop.userId,
      receiverId: customer.userId,
      message: 'I can meet you halfway.',
      createdAt: new Date(Date.now() + 1000),
    });
    expect(await summaryOf(customer, requestId, responseId)).toMatchObject({
      stateBadge: null,
      customerSentModifiedOffer: true,
    });
  });

  it('mark a modified request from old text messages of the customer only', async () => {
    const customer = await t.signUp();
    const requestId = await requestAged(customer, 1);
    const mentioned = await respond(requestId);
    const businessMention = await respond(requestId, otherShop);
    await t.db.insert(messages).values([
      {
        requestId,
        responseId: mentioned,
        senderId: customer.userId,
        receiverId: shop.userId,
        message: 'I sent you a Modified Request yesterday.',
      },
      {
        requestId,
        responseId: businessMention,
        senderId: otherShop.userId,
        receiverId: customer.userId,
        message: 'Here is my counter offer.',
        messageType: 'counter_offer',
      },
    ]);
    expect(await summaryOf(customer, requestId, mentioned)).toMatchObject({
      stateBadge: null,
      customerSentModifiedOffer: true,
    });
    expect(await summaryOf(customer, requestId, businessMention)).toMatchObject({
      customerSentModifiedOffer: false,
    });
  });

  it('are BOOKED, COMPLETED and DECLINED after the decisions', async () => {
    const customer = await t.signUp();
    const requestId = await requestAged(customer, 1);
    const booked = await respond(requestId);
    const lost = await respond(requestId, otherShop);
    const confirm = await t.confirmOffer(customer.cookie, booked);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(await summaryOf(customer, requestId, booked)).toMatchObject({
      status: 'accepted',
      stateBadge: 'BOOKED',
    });
    expect(await summaryOf(customer, requestId, lost)).toMatchObject({
      status: 'rejected',
      stateBadge: 'DECLINED',
    });
    await t.db
      .update(businessResponses)
      .set({ completionStatus: 'completed', completionDate: new Date() })
      .where(eq(businessResponses.id, booked));
    expect((await summaryOf(customer, requestId, booked))?.stateBadge).toBe('COMPLETED');
  });
});
