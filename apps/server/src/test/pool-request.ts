import { eq } from 'drizzle-orm';
import { profiles } from '../db/schema';
import type { TestApp } from './test-app';

/** The street address of the pool request: businesses may see it only once their quote is accepted. */
export const EXACT_ADDRESS = '3 Bay Rd, Manly NSW 2095';

/** The module tests' common customer request (POST /api/requests): pool maintenance in Manly. */
export const POOL_REQUEST = {
  serviceType: 'Home & Property Services',
  serviceSubtype: 'pool-maintenance',
  // The customer's chosen title (decision 030); a request without one is named from its description.
  title: 'Pool Maintenance request',
  description: 'The pool pump is making a grinding noise.',
  location: EXACT_ADDRESS,
  serviceAreaKm: 10,
  budget: 250,
} as const;

/** Where the pool businesses are: Manly, so POOL_REQUEST is in reach. */
export const MANLY = { latitude: -33.797, longitude: 151.285 } as const;

/**
 * A business owner matching POOL_REQUEST (pool maintenance in Manly, 25 km), with any other profile
 * fields the test needs (a phone, notification channels).
 */
export async function poolBusiness(
  t: TestApp,
  profile: Partial<typeof profiles.$inferInsert> = {},
  name = 'Blue Water Pools',
) {
  const b = await t.signUp({ role: 'business_owner', businessName: name });
  await t.db
    .update(profiles)
    .set({ serviceCategories: ['Pool Maintenance'], ...MANLY, serviceAreaKm: 25, ...profile })
    .where(eq(profiles.userId, b.userId));
  return b;
}

/** Runs the app's outbox worker by hand until nothing is due (tests stop its timer first). */
export async function drainOutbox(t: TestApp) {
  while ((await t.app.grip.outbox.runOnce()) > 0);
}
