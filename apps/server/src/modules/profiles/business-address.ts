import { addressChangeLimitMessage, ADDRESS_CHANGE_WINDOW_HOURS, nextAddressChangeAt } from '@grip/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { profiles } from '../../db/schema';
import { TooManyRequests } from '../../lib/errors';
import { actionTimesSince, insertAuditEvent } from '../audit/audit-events.repository';
import type { ProfileRow } from './profiles.repository';

type ProfileChanges = Partial<typeof profiles.$inferInsert>;

/** The changes move the business: a new point was geocoded (geocodeBusinessAddress). */
export const movesBusiness = (changes: ProfileChanges) => changes.latitude !== undefined;

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
  const since = new Date(now.getTime() - ADDRESS_CHANGE_WINDOW_HOURS * 60 * 60 * 1000);
  const recent = await actionTimesSince(tx, current.userId, 'business_address_changed', since);
  const next = nextAddressChangeAt(recent, now);
  if (next) {
    const seconds = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
    const message = addressChangeLimitMessage(next, now);
    throw new TooManyRequests(message, seconds, { address: message });
  }
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
