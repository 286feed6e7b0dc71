import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { forgetProfile } from '../profiles/profile-cache';
import type { ProfileRow } from '../profiles/profiles.repository';

/**
 * Saves the customer's name and phone. The name lives twice — the profile's display name (what the
 * app shows) and the account's name (the auth library's copy, used in administrators' lists and as
 * the fallback) — so both change in one transaction and never disagree.
 */
export async function saveNameAndPhone(
  db: Db,
  userId: string,
  values: { displayName: string; phone: string | null },
): Promise<ProfileRow> {
  const saved = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ name: values.displayName, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    const [row] = await tx
      .update(profiles)
      .set({ displayName: values.displayName, phone: values.phone, updatedAt: sql`now()` })
      .where(eq(profiles.userId, userId))
      .returning();
    if (!row) throw new Error(`profile for ${userId} vanished during update`);
    return row;
  });
  forgetProfile(userId);
  return saved;
}
