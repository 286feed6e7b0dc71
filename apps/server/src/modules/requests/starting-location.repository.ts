import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, serviceRequests } from '../../db/schema';

/*
 * The customer's own exact points (decision 018): the one file besides the privacy module and the
 * administrators' that reads them, to give them back to the customer who set them.
 */

/** The customer's most recent request location. */
async function lastLocation(db: Db, userId: string) {
  const [row] = await db
    .select({
      address: serviceRequests.locationAddress,
      area: serviceRequests.areaLabel,
      latitude: serviceRequests.latitude,
      longitude: serviceRequests.longitude,
    })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.userId, userId), isNotNull(serviceRequests.locationAddress)))
    .orderBy(desc(serviceRequests.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Where the customer's next request starts (the form's prefill, Discover's point): the default
 * location saved in Settings when there is one — the customer chose it on purpose — else the
 * location of their latest request. Business owners have no default location (their profile's
 * address is the business's), so only their requests count.
 */
export async function startingLocation(db: Db, userId: string) {
  const [saved] = await db
    .select({
      address: profiles.address,
      area: profiles.areaLabel,
      latitude: profiles.latitude,
      longitude: profiles.longitude,
    })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), isNotNull(profiles.address), ne(profiles.role, 'business_owner')))
    .limit(1);
  return saved ?? (await lastLocation(db, userId));
}
