import { normalizeRole, type Profile, type Role } from '@grip/domain';
import type { Db } from '../../db/client';
import {
  administratorExists,
  findProfile,
  insertProfile,
  lockAdministratorGrants,
  type ProfileRow,
} from './profiles.repository';
import { profileCacheOf } from './profile-cache';

/**
 * Creates the profile of a new account. The role comes from sign-up input, so it is re-checked
 * here: only the three roles exist, and the administrator role is granted only while the platform
 * has none (the check and the insert hold one lock, so two racing sign-ups cannot both get it).
 */
export async function createProfileForNewUser(
  db: Db,
  input: { userId: string; requestedRole: unknown; displayName: string | null; businessName: string | null },
): Promise<Role> {
  const requested = normalizeRole(typeof input.requestedRole === 'string' ? input.requestedRole : null);
  return db.transaction(async (tx) => {
    let role = requested;
    if (role === 'administrator') {
      await lockAdministratorGrants(tx);
      if (await administratorExists(tx)) role = 'user';
    }
    await insertProfile(tx, {
      userId: input.userId,
      role,
      displayName: input.displayName?.trim() || null,
      businessName: role === 'business_owner' ? input.businessName?.trim() || null : null,
    });
    return role;
  });
}

/** The profile of a signed-in user; created as a customer profile if an earlier step was lost. */
export async function getOrCreateProfile(db: Db, userId: string, name: string): Promise<ProfileRow> {
  const cache = profileCacheOf(db);
  const hit = cache?.get(userId, Date.now());
  if (hit) return hit;
  const generation = cache?.generation ?? 0;
  const existing = await findProfile(db, userId);
  if (existing) {
    cache?.set(existing, Date.now(), generation);
    return existing;
  }
  await insertProfile(db, { userId, role: 'user', displayName: name || null });
  const created = await findProfile(db, userId);
  if (!created) throw new Error(`profile for ${userId} could not be created`);
  return created;
}

export function toProfileDto(row: ProfileRow): Profile {
  return {
    userId: row.userId,
    role: normalizeRole(row.role),
    displayName: row.displayName,
    businessName: row.businessName,
    avatarUrl: row.avatarUrl,
    defaultLandingPage: row.defaultLandingPage,
    defaultStartScreen: row.defaultStartScreen,
    serviceCategories: row.serviceCategories,
    notificationEmail: row.notificationEmail,
  };
}
