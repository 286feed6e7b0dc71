import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

export const PASSWORD = 'e2e-tulip-garden-9';

export interface AccountInput {
  role?: 'user' | 'business_owner' | 'administrator';
  name?: string;
  businessName?: string;
}

/** Signs up through the real API with the given request context (its cookies become the session). */
export async function signUpWith(api: APIRequestContext, input: AccountInput = {}) {
  const email = uniqueEmail(input.role ?? 'user');
  const res = await api.post('/api/auth/sign-up/email', {
    data: {
      name: input.name ?? 'E2E Person',
      email,
      password: PASSWORD,
      role: input.role ?? 'user',
      businessName: input.businessName ?? (input.role === 'business_owner' ? 'E2E Business' : undefined),
    },
  });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  return { email, password: PASSWORD, userId: body.user.id };
}

/**
 * Confirms an offer as the customer's Confirm dialog does: reads the offer, then confirms its terms
 * version (decision 019). Returns the answer.
 */
export async function confirmOffer(api: APIRequestContext, responseId: string) {
  const offer = await api.get(`/api/offers/${responseId}`);
  if (!offer.ok()) throw new Error(`offer read failed: ${offer.status()} ${await offer.text()}`);
  const { termsVersion } = (await offer.json()) as { termsVersion: string };
  return api.post(`/api/offers/${responseId}/confirm`, { data: { termsVersion } });
}

/**
 * Waits until a page the server drew is hydrated (decision 024: `#root` is inert until then; main.tsx
 * sets it before the load event). Clicks and typing wait for that themselves; setInputFiles does not,
 * and a file chosen before React owns the input is lost to it.
 */
export async function pageIsLive(page: Page) {
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

/** Signs the page's browser context up (cookies shared with the page). */
export function signUpInPage(page: Page, input: AccountInput = {}) {
  return signUpWith(page.request, input);
}

/** A second, independent user with its own cookie jar (e.g. a customer next to a business). */
export async function otherUser(baseURL: string, input: AccountInput = {}) {
  const api = await playwrightRequest.newContext({ baseURL });
  const account = await signUpWith(api, input);
  return { api, ...account };
}

export async function postRequest(api: APIRequestContext, serviceType: string, n = 1) {
  for (let i = 0; i < n; i++) {
    const res = await api.post('/api/requests', {
      data: {
        serviceType,
        description: `End-to-end request number ${i + 1}, please quote.`,
        location: `${i + 1} Test St, Glebe NSW 2037`,
        serviceAreaKm: 5,
        budget: 100 + i,
      },
    });
    if (res.status() !== 201) throw new Error(`request failed: ${res.status()} ${await res.text()}`);
  }
}

/** A real 16x16 PNG (made with sharp); the server re-encodes it and serves it from /uploads. */
export const PNG_16 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWPQqnpEEmIY1VA1GkpawzVpAACd/IYQA2AZeAAAAABJRU5ErkJggg==',
  'base64',
);

/** The suite's one administrator (the platform accepts the Administrator sign-up only while it has none). */
export const ADMINISTRATOR = { email: 'e2e.administrator@example.com', name: 'Grace Admin' };

/**
 * Signs the page in as the suite's administrator: signs up the first time, signs in every other
 * time (a later test, or a retry of the first), so tests stay independent of each other's order.
 */
export async function signInAsAdministrator(page: Page) {
  const up = await page.request.post('/api/auth/sign-up/email', {
    data: { ...ADMINISTRATOR, password: PASSWORD, role: 'administrator' },
  });
  if (up.ok()) return;
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: ADMINISTRATOR.email, password: PASSWORD },
  });
  if (!res.ok()) throw new Error(`administrator sign-in failed: ${res.status()} ${await res.text()}`);
}

/**
 * A booked job between a new business and a new customer, made through the API: the business
 * registers, the customer posts a matching request, the business quotes and the customer accepts.
 * Each party has its own cookie jar; `responseId` is the conversation's id.
 */
export async function bookJob(baseURL: string) {
  const business = await otherUser(baseURL, { name: 'Lena Sparks' });
  const registered = await business.api.post('/api/business-registration', {
    data: {
      businessName: 'Sparks Electrical',
      contactPerson: 'Lena Sparks',
      address: 'Newtown NSW',
      useAccountEmail: true,
      phone: '+61 400 555 111',
      serviceCategories: ['Electrical'],
    },
  });
  if (!registered.ok())
    throw new Error(`registration failed: ${registered.status()} ${await registered.text()}`);
  const customer = await otherUser(baseURL, { name: 'Omar Reyes' });
  const posted = await customer.api.post('/api/requests', {
    data: {
      serviceType: 'Home & Property Services',
      serviceSubtype: 'electrical',
      description: 'Two power points in the kitchen stopped working.',
      location: '12 King St, Newtown NSW 2042',
      serviceAreaKm: 10,
      budget: 180,
    },
  });
  if (posted.status() !== 201) throw new Error(`request failed: ${posted.status()} ${await posted.text()}`);
  const { id: requestId } = (await posted.json()) as { id: string };
  const quoted = await business.api.post(`/api/business/requests/${requestId}/responses`, {
    data: { message: 'I can fix both power points tomorrow.', quotedPrice: 160, priceType: 'fixed' },
  });
  if (quoted.status() !== 201) throw new Error(`quote failed: ${quoted.status()} ${await quoted.text()}`);
  const { id: responseId } = (await quoted.json()) as { id: string };
  const booked = await confirmOffer(customer.api, responseId);
  if (!booked.ok()) throw new Error(`booking failed: ${booked.status()} ${await booked.text()}`);
  return { business, customer, requestId, responseId };
}
