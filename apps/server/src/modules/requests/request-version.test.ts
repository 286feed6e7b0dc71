import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';
import { businessResponses, notifications, serviceRequests } from '../../db/schema';
import { POOL_REQUEST, poolBusiness } from '../../test/pool-request';
import { createTestApp, type TestApp } from '../../test/test-app';
import { quotedRequestVersion } from './request-version';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Party = Awaited<ReturnType<TestApp['signUp']>>;

async function post(customer: Party, body: Record<string, unknown> = {}): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: customer.cookie,
    payload: { ...POOL_REQUEST, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function quote(requestId: string, business: Party): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: `/api/business/requests/${requestId}/responses`,
    cookie: business.cookie,
    payload: { message: 'I can service the pump on Thursday.', quotedPrice: 180, priceType: 'fixed' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** The statement of drizzle/0022 that gives the responses stored before it their agreed version. */
function backfillStatement(): string {
  const file = fs.readdirSync(migrationsFolder()).find((f) => f.startsWith('0022_') && f.endsWith('.sql'));
  const text = fs.readFileSync(path.join(migrationsFolder(), file!), 'utf8');
  const statement = text.split('--> statement-breakpoint').find((s) => s.includes('UPDATE'));
  expect(statement).toBeDefined();
  return statement!;
}

describe('drizzle/0022: the responses stored before it agree to their requests as they were', () => {
  it('computes in SQL exactly the version the server computes, whatever the request holds', async () => {
    const customer = await t.signUp();
    const business = await poolBusiness(t);
    const image = await t.uploadImage(customer.cookie);
    const requests = [
      await post(customer),
      await post(customer, {
        preferredDate: '2099-05-04',
        preferredTime: '09:30',
        timeFlexibility: 'flexible',
        flexibleDates: true,
        isUrgent: true,
        images: [image],
        budget: 1234,
      }),
      await post(customer, { description: 'Plain words, then "quotes", a back\\slash and a tab:\tdone.' }),
      await post(customer, { description: 'Unicode: café, 水泳池, emoji 🏊 and a line\nbreak.' }),
    ];
    const responses = [];
    for (const id of requests) responses.push(await quote(id, business));
    // Then what the form cannot send but a row can hold: control characters, no budget, an area name.
    await t.db
      .update(serviceRequests)
      .set({
        title: 'Odd \u0001\u001f\u007f title \u2028',
        areaLabel: 'Manly "North"',
        budgetMin: null,
        budgetMax: null,
        budgetType: null,
        serviceSubtype: null,
        images: ['/uploads/a"b.png', '/uploads/c\\d.png'],
      })
      .where(eq(serviceRequests.id, requests[3]!));

    // As before the migration: no agreed version; then the migration's own statement.
    await t.db
      .update(businessResponses)
      .set({ agreedRequestVersion: '' })
      .where(inArray(businessResponses.id, responses));
    await t.db.execute(sql.raw(backfillStatement()));

    const rows = await t.db
      .select({ agreed: businessResponses.agreedRequestVersion, request: serviceRequests })
      .from(businessResponses)
      .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
      .where(inArray(businessResponses.id, responses));
    expect(rows).toHaveLength(requests.length);
    for (const row of rows) {
      expect(row.agreed, row.request.description).toMatch(/^[\w-]{43}$/);
      expect(row.agreed, row.request.description).toBe(quotedRequestVersion(row.request));
    }
    // And so each of those quotes can be booked as it stands.
    const confirmed = await t.confirmOffer(customer.cookie, responses[1]!);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});

describe('editing a request with open quotes (decision 019)', () => {
  const edit = (customer: Party, requestId: string, change: Record<string, unknown>) =>
    t.inject({
      method: 'PATCH',
      url: `/api/requests/${requestId}`,
      cookie: customer.cookie,
      payload: { ...POOL_REQUEST, ...change },
    });
  const editNotices = (requestId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.relatedId, requestId), eq(notifications.type, 'request_edited')))
      .orderBy(notifications.userId);

  it('tells each business whose quote is open, once per change, and nobody else', async () => {
    const customer = await t.signUp();
    const requestId = await post(customer);
    const [open, other, withdrawn] = [
      await poolBusiness(t, {}, 'Blue Water Pools'),
      await poolBusiness(t, {}, 'Clear Pools'),
      await poolBusiness(t, {}, 'Gone Pools'),
    ];
    await quote(requestId, open);
    await quote(requestId, other);
    const gone = await quote(requestId, withdrawn);
    const declined = await t.inject({
      method: 'POST',
      url: `/api/business/opportunities/${gone}/decline`,
      cookie: withdrawn.cookie,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    // A business that matches but never quoted is not concerned either.
    const bystander = await poolBusiness(t, {}, 'Quiet Pools');

    expect((await edit(customer, requestId, { budget: 120 })).statusCode).toBe(200);
    const notices = await editNotices(requestId);
    expect(notices.map((n) => n.userId).sort()).toEqual([open.userId, other.userId].sort());
    expect(notices[0]).toMatchObject({
      title: 'Request changed',
      message: '“Pool Maintenance request” was changed — check your quote still fits',
    });
    expect(
      notices.some((n) => [withdrawn.userId, bystander.userId, customer.userId].includes(n.userId)),
    ).toBe(false);

    // The same details again tell nobody; another change tells them again.
    expect((await edit(customer, requestId, { budget: 120 })).statusCode).toBe(200);
    expect(await editNotices(requestId)).toHaveLength(2);
    expect((await edit(customer, requestId, { description: 'Now the light is out too.' })).statusCode).toBe(
      200,
    );
    expect(await editNotices(requestId)).toHaveLength(4);
  });

  it('tells nobody when no quote is open', async () => {
    const customer = await t.signUp();
    const requestId = await post(customer);
    expect((await edit(customer, requestId, { budget: 90 })).statusCode).toBe(200);
    expect(await editNotices(requestId)).toHaveLength(0);
  });
});
