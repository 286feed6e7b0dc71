/**
 * The moderation tests' dealings (issue 32). Written against the shape of the test app rather than
 * importing it: test/ imports the whole app, and a module folder importing test/ would close a circle
 * (architecture.test.ts).
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../../db/client';
import { profiles } from '../../../db/schema';

export interface Party {
  cookie: string;
  userId: string;
  email: string;
  password: string;
}

/** What these helpers use of test/test-app's TestApp. */
export interface App {
  db: Db;
  inject(opts: {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    cookie?: string;
    payload?: unknown;
  }): Promise<LightMyRequestResponse>;
  signUp(input?: { role?: string; name?: string; businessName?: string }): Promise<Party>;
  confirmOffer(cookie: string | undefined, responseId: string): Promise<LightMyRequestResponse>;
}

/** Pool maintenance in Manly (the module tests' common request, test/pool-request.ts). */
export const POOL_REQUEST = {
  serviceType: 'Home & Property Services',
  serviceSubtype: 'pool-maintenance',
  title: 'Pool Maintenance request',
  description: 'The pool pump is making a grinding noise.',
  location: '3 Bay Rd, Manly NSW 2095',
  serviceAreaKm: 10,
  budget: 250,
} as const;

/** A business owner serving POOL_REQUEST (pool maintenance around Manly), with any other profile fields. */
export async function poolBusiness(
  t: App,
  name = 'Blue Water Pools',
  profile: Partial<typeof profiles.$inferInsert> = {},
): Promise<Party> {
  const b = await t.signUp({ role: 'business_owner', businessName: name });
  await t.db
    .update(profiles)
    .set({
      serviceCategories: ['Pool Maintenance'],
      latitude: -33.797,
      longitude: 151.285,
      serviceAreaKm: 25,
      ...profile,
    })
    .where(eq(profiles.userId, b.userId));
  return b;
}

/**
 * A customer's pool request with a pool business's quote on it, booked unless told otherwise: the
 * two have dealt with each other (they may block and report each other).
 */
export async function dealing(t: App, options: { book?: boolean; business?: Party; customer?: Party } = {}) {
  const customer = options.customer ?? (await t.signUp({ name: 'Casey Customer' }));
  const business = options.business ?? (await poolBusiness(t));
  const req = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: customer.cookie,
    payload: POOL_REQUEST,
  });
  expect(req.statusCode, req.body).toBe(201);
  const requestId = req.json().id as string;
  const quote = await t.inject({
    method: 'POST',
    url: `/api/business/requests/${requestId}/responses`,
    cookie: business.cookie,
    payload: { message: 'I can clean the pool on Thursday.', quotedPrice: 180, priceType: 'fixed' },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  const responseId = quote.json().id as string;
  if (options.book !== false) {
    const ok = await t.confirmOffer(customer.cookie, responseId);
    expect(ok.statusCode, ok.body).toBe(200);
  }
  return { customer, business, requestId, responseId };
}

export const block = (t: App, who: Party, userId: string) =>
  t.inject({ method: 'POST', url: `/api/blocks/${encodeURIComponent(userId)}`, cookie: who.cookie });

export const unblock = (t: App, who: Party, userId: string) =>
  t.inject({ method: 'DELETE', url: `/api/blocks/${encodeURIComponent(userId)}`, cookie: who.cookie });

export const sendMessage = (t: App, who: Party, responseId: string, message: string, clientId?: string) =>
  t.inject({
    method: 'POST',
    url: `/api/conversations/${responseId}/messages`,
    cookie: who.cookie,
    payload: { message, ...(clientId ? { clientId } : {}) },
  });

export const report = (t: App, who: Party, payload: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: '/api/reports', cookie: who.cookie, payload });
