import { addressChangeLimitMessage, ADDRESS_CHANGE_WINDOW_HOURS, nextAddressChangeAt } from '@grip/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { profiles } from '../../db/schema';
import { TooManyRequests } from '../../lib/errors';
import { actionTimesSince, insertAuditEvent } from '../audit/audit-events.repository';
import type { ProfileRow } from './profiles.repository';

type ProfileChanges = Partial<typeof profiles.$inferInsert>;

/** The changes move the business: a new point was geocoded (geocodeBusinessAddress). */
export const movesBusiness = (changes: ProfileChanges) => changes.latitude !== undefined;

/**
 * Refuses a move past the limit (429, with when the next is allowed, also under the address field).
 * Asked before an address is looked up, so a business at its limit costs the geocoder nothing, and
 * again under the profile's lock when the move is written.
 */
export async function assertMayMove(db: Db | Tx, userId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - ADDRESS_CHANGE_WINDOW_HOURS * 60 * 60 * 1000);
  const next = nextAddressChangeAt(
    await actionTimesSince(db, userId, 'business_address_changed', since),
    now,
  );
  if (!next) return;
  const seconds = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
  const message = addressChangeLimitMessage(next, now);
  throw new TooManyRequests(message, seconds, { address: message });
}

/**
 * A business's move (decision 018), in the caller's transaction and before the profile is written:
 * the profile row is locked so two saves at once cannot both slip under the limit of
 * ADDRESS_CHANGES_PER_WINDOW a day, then the move is kept in the audit log with where from and to.
 * Changes that do not move the business pass untouched.
 */
export async function recordBusinessMove(
  tx: Tx,
  current: Pick<ProfileRow, 'userId' | 'address' | 'areaLabel'>,
  changes: ProfileChanges,
  now: Date,
): Promise<void> {
  if (!movesBusiness(changes)) return;
  await tx
    .select({ id: profiles.userId })
    .from(profiles)
    .where(eq(profiles.userId, current.userId))
    .for('update');
  await assertMayMove(tx, current.userId, now);
  await insertAuditEvent(tx, {
    actorId: current.userId,
    action: 'business_address_changed',
    details: {
      from: { address: current.address, area: current.areaLabel },
      to: { address: changes.address ?? null, area: changes.areaLabel ?? null },
    },
    createdAt: now,
  });
}
