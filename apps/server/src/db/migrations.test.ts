import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRows } from '@grip/domain';
import { serviceCategories, systemSettings } from './schema';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const EXPECTED_TABLES = [
  'accounts',
  'business_responses',
  'messages',
  'notifications',
  'outbox',
  'profiles',
  'response_views',
  'reviews',
  'service_categories',
  'service_requests',
  'sessions',
  'system_settings',
  'uploads',
  'users',
  'verifications',
];

describe('migrations from an empty database', () => {
  it('creates every table of the spec plus auth, outbox and uploads', async () => {
    const rows = await t.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = (rows as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(EXPECTED_TABLES));
  });

  it('is idempotent: running the migrations and seed again changes nothing', async () => {
    await t.app.grip.database.migrate();
    const { seedReferenceData } = await import('./seed');
    await seedReferenceData(t.db);
    const categories = await t.db.select().from(serviceCategories);
    expect(categories).toHaveLength(catalogueRows().length);
    const settings = await t.db.select().from(systemSettings);
    expect(settings.map((s) => [s.key, s.value]).sort()).toEqual([
      ['email_notifications_enabled', 'true'],
      ['sms_notifications_enabled', 'true'],
    ]);
  });

  it('serves the catalogue grouped and ordered by category then service', async () => {
    const res = await t.inject({ url: '/api/service-categories' });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { categoryName: string; serviceName: string }[];
    expect(new Set(rows.map((r) => r.categoryName)).size).toBe(8);
    const sorted = [...rows].sort((a, b) =>
      a.categoryName === b.categoryName
        ? a.serviceName < b.serviceName
          ? -1
          : 1
        : a.categoryName < b.categoryName
          ? -1
          : 1,
    );
    expect(rows).toEqual(sorted);
  });
});

describe('constraints the spec implies', () => {
  async function fixtures() {
    const customer = await t.signUp();
    const business = await t.signUp({ role: 'business_owner' });
    const created = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: customer.cookie,
      payload: {
        serviceType: 'Plumbing',
        description: 'A leaking tap in the kitchen',
        location: 'Newtown',
        serviceAreaKm: 5,
        budget: 100,
      },
    });
    return { customer, business, requestId: created.json().id as string };
  }

  async function insertQuote(requestId: string, businessUserId: string) {
    const result = (await t.db.execute(
      sql`insert into business_responses (request_id, business_user_id, quoted_price, message) values (${requestId}, ${businessUserId}, 50, 'Quote for you') returning id`,
    )) as unknown as { rows: { id: string }[] };
    return result.rows[0]!;
  }

  const rejects = async (statement: ReturnType<typeof sql>) => {
    await expect(t.db.execute(statement)).rejects.toThrow();
  };

  it('allows one response per business per request, and one accepted response per request', async () => {
    const { business, requestId } = await fixtures();
    const other = await t.signUp({ role: 'business_owner' });
    await t.db.execute(
      sql`insert into business_responses (request_id, business_user_id, quoted_price, message, status) values (${requestId}, ${business.userId}, 100, 'First quote here', 'accepted')`,
    );
    await rejects(
      sql`insert into business_responses (request_id, business_user_id, quoted_price, message) values (${requestId}, ${business.userId}, 90, 'Second quote here')`,
    );
    await rejects(
      sql`insert into business_responses (request_id, business_user_id, quoted_price, message, status) values (${requestId}, ${other.userId}, 90, 'Another accepted', 'accepted')`,
    );
  });

  it('keeps ratings within 1..5, prices positive and statuses in their vocabularies', async () => {
    const { customer, business, requestId } = await fixtures();
    const resp = await insertQuote(requestId, business.userId);
    const review = (rating: number) =>
      sql`insert into reviews (user_id, business_user_id, request_id, response_id, rating) values (${customer.userId}, ${business.userId}, ${requestId}, ${resp.id}, ${rating})`;
    await rejects(review(6));
    await rejects(review(0));
    await t.db.execute(review(5));
    await rejects(review(4));
    await rejects(sql`update business_responses set quoted_price = 0 where id = ${resp.id}`);
    await rejects(sql`update business_responses set status = 'maybe' where id = ${resp.id}`);
    await rejects(sql`update service_requests set status = 'pending' where id = ${requestId}`);
    await rejects(sql`update profiles set role = 'superuser' where user_id = ${customer.userId}`);
    await rejects(sql`update system_settings set value = 'yes' where key = 'email_notifications_enabled'`);
  });

  it('allows one view row per user and response', async () => {
    const { customer, business, requestId } = await fixtures();
    const resp = await insertQuote(requestId, business.userId);
    await t.db.execute(
      sql`insert into response_views (user_id, response_id) values (${customer.userId}, ${resp.id})`,
    );
    await rejects(
      sql`insert into response_views (user_id, response_id) values (${customer.userId}, ${resp.id})`,
    );
  });
});
