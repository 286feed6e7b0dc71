import {
  BUSINESS_PROFILE_MESSAGES,
  normalizeRole,
  roundRating,
  START_SCREENS,
  type BusinessProfile,
  type BusinessProfileInput,
  type GeoPlace,
  type StartScreen,
} from '@grip/domain';
import type { Db } from '../../db/client';
import type { profiles } from '../../db/schema';
import { Conflict, Forbidden, Invalid } from '../../lib/errors';
import { assertOwnUploads } from '../uploads/uploads.service';
import { assertMayMove, movesBusiness, recordBusinessMove } from './business-address';
import {
  businessRating,
  countAdministrators,
  lockAdministratorGrants,
  updateProfile,
  type ProfileRow,
} from './profiles.repository';
import { getOrCreateProfile } from './profiles.service';

export interface BusinessGeocoder {
  geocode(address: string): Promise<GeoPlace | null>;
}

export interface BusinessProfileDeps {
  db: Db;
  geocoder: BusinessGeocoder;
}

export interface Account {
  id: string;
  name: string;
  email: string;
}

/** The signed-in user's own business profile with its real rating; any role may read its own. */
export async function getBusinessProfile(
  deps: BusinessProfileDeps,
  account: Account,
): Promise<BusinessProfile> {
  const row = await getOrCreateProfile(deps.db, account.id, account.name);
  return toBusinessProfile(row, account.email, await businessRating(deps.db, account.id));
}

/**
 * Registration (spec 1 §6): any signed-in user becomes a business owner with the given profile.
 * An administrator converting would lose the role; when they are the only one the platform would be
 * left without any, so that is refused (checked under the administrator-grant lock against races).
 */
export async function registerBusiness(
  deps: BusinessProfileDeps,
  account: Account,
  input: BusinessProfileInput,
  now: Date,
): Promise<BusinessProfile> {
  const current = await getOrCreateProfile(deps.db, account.id, account.name);
  const changes = await profileChanges(deps, account, current, input, now);
  const row = await deps.db.transaction(async (tx) => {
    if (normalizeRole(current.role) === 'administrator') {
      await lockAdministratorGrants(tx);
      if ((await countAdministrators(tx)) <= 1)
        throw new Conflict(BUSINESS_PROFILE_MESSAGES.onlyAdministrator);
    }
    await recordBusinessMove(tx, current, changes, now);
    return updateProfile(tx, account.id, { ...changes, role: 'business_owner' });
  });
  return toBusinessProfile(row, account.email, await businessRating(deps.db, account.id));
}

/** Business settings: the whole profile, for business owners only. */
export async function updateBusinessProfile(
  deps: BusinessProfileDeps,
  account: Account,
  input: BusinessProfileInput,
  now: Date,
): Promise<BusinessProfile> {
  const current = await getOrCreateProfile(deps.db, account.id, account.name);
  assertBusinessOwner(current);
  const changes = await profileChanges(deps, account, current, input, now);
  const row = await saveBusinessChanges(deps.db, current, changes, now);
  return toBusinessProfile(row, account.email, await businessRating(deps.db, account.id));
}

/**
 * Writes a business's own changes; a move of its address is limited and kept in the audit log
 * (business-address.ts), in one transaction with the change.
 */
export async function saveBusinessChanges(
  db: Db,
  current: ProfileRow,
  changes: Partial<typeof profiles.$inferInsert>,
  now: Date,
): Promise<ProfileRow> {
  if (!movesBusiness(changes)) return updateProfile(db, current.userId, changes);
  return db.transaction(async (tx) => {
    await recordBusinessMove(tx, current, changes, now);
    return updateProfile(tx, current.userId, changes);
  });
}

/**
 * Business settings save an avatar as soon as it is uploaded or removed, so 'Avatar uploaded' means
 * saved. Only the business's own upload is accepted.
 */
export async function setBusinessAvatar(
  deps: BusinessProfileDeps,
  account: Account,
  avatarUrl: string | null,
): Promise<{ avatarUrl: string | null }> {
  const current = await getOrCreateProfile(deps.db, account.id, account.name);
  assertBusinessOwner(current);
  const url = avatarUrl || null;
  if (url && url !== current.avatarUrl) await assertOwnAvatar(deps, account, url);
  const row = await updateProfile(deps.db, account.id, { avatarUrl: url });
  return { avatarUrl: row.avatarUrl };
}

async function assertOwnAvatar(deps: BusinessProfileDeps, account: Account, url: string): Promise<void> {
  await assertOwnUploads(deps.db, account.id, [url], BUSINESS_PROFILE_MESSAGES.avatarNotOwn).catch(
    (error: unknown) => {
      if (error instanceof Invalid) {
        throw new Invalid(error.message, { avatarUrl: BUSINESS_PROFILE_MESSAGES.avatarNotOwn });
      }
      throw error;
    },
  );
}

export function assertBusinessOwner(profile: ProfileRow): void {
  if (normalizeRole(profile.role) !== 'business_owner') {
    throw new Forbidden(BUSINESS_PROFILE_MESSAGES.businessOwnersOnly);
  }
}

/**
 * A business without a point would match every request everywhere: unknown places are refused.
 * Only a changed address is looked up again, so saving other fields never depends on the geocoder.
 */
export async function geocodeBusinessAddress(
  deps: BusinessProfileDeps,
  current: Pick<ProfileRow, 'address' | 'latitude' | 'longitude'>,
  address: string,
): Promise<Partial<typeof profiles.$inferInsert>> {
  if (address === current.address && current.latitude !== null && current.longitude !== null) return {};
  const place = await deps.geocoder.geocode(address);
  if (!place) {
    throw new Invalid(BUSINESS_PROFILE_MESSAGES.addressNotFound, {
      address: BUSINESS_PROFILE_MESSAGES.addressNotFound,
    });
  }
  return { address, areaLabel: place.area, latitude: place.latitude, longitude: place.longitude };
}

async function profileChanges(
  deps: BusinessProfileDeps,
  account: Account,
  current: ProfileRow,
  input: BusinessProfileInput,
  now: Date,
): Promise<Partial<typeof profiles.$inferInsert>> {
  const avatarUrl = input.avatarUrl === undefined ? current.avatarUrl : input.avatarUrl?.trim() || null;
  // An unchanged avatar was already checked when it was set.
  if (avatarUrl && avatarUrl !== current.avatarUrl) await assertOwnAvatar(deps, account, avatarUrl);
  if (input.address !== current.address) await assertMayMove(deps.db, current.userId, now);
  const location = await geocodeBusinessAddress(deps, current, input.address);
  return {
    ...location,
    businessName: input.businessName,
    displayName: input.contactPerson,
    notificationEmail: input.useAccountEmail ? account.email : input.notificationEmail?.trim() || null,
    phone: input.phone,
    website: blankToNull(input.website),
    description: blankToNull(input.description),
    googleReviewsUrl: blankToNull(input.googleReviewsUrl),
    serviceCategories: [...new Set(input.serviceCategories)],
    serviceAreaKm: input.serviceAreaKm,
    notificationPreferences: [...new Set(input.notificationPreferences)],
    defaultStartScreen: input.defaultStartScreen,
    avatarUrl,
  };
}

const blankToNull = (value: string | undefined) => value?.trim() || null;

function toBusinessProfile(
  row: ProfileRow,
  accountEmail: string,
  rating: { average: number | null; count: number },
): BusinessProfile {
  const screen = row.defaultStartScreen;
  return {
    role: normalizeRole(row.role),
    accountEmail,
    businessName: row.businessName,
    contactPerson: row.displayName,
    address: row.address,
    areaLabel: row.areaLabel,
    latitude: row.latitude,
    longitude: row.longitude,
    notificationEmail: row.notificationEmail,
    useAccountEmail:
      row.notificationEmail !== null && row.notificationEmail.toLowerCase() === accountEmail.toLowerCase(),
    phone: row.phone,
    website: row.website,
    description: row.description,
    googleReviewsUrl: row.googleReviewsUrl,
    serviceCategories: row.serviceCategories,
    serviceAreaKm: row.serviceAreaKm,
    notificationPreferences: row.notificationPreferences,
    defaultStartScreen:
      screen && (START_SCREENS as readonly string[]).includes(screen) ? (screen as StartScreen) : null,
    avatarUrl: row.avatarUrl,
    rating: { average: roundRating(rating.average), count: rating.count },
  };
}
