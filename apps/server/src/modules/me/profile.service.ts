import {
  DEFAULT_LOCATION_MESSAGES,
  NO_DEFAULT_LOCATION,
  normalizeRole,
  PROFILE_SETTINGS_MESSAGES,
  type DefaultLocation,
  type DefaultLocationUpdate,
  type ProfileSettings,
  type ProfileSettingsUpdate,
} from '@grip/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { Forbidden, Invalid } from '../../lib/errors';
import type { Geocoder } from '../geo/geocoder';
import { updateProfile, type ProfileRow } from '../profiles/profiles.repository';
import { getOrCreateProfile } from '../profiles/profiles.service';
import { saveNameAndPhone } from './profile.repository';

export interface ProfileDeps {
  db: Db;
  geocoder: Pick<Geocoder, 'geocode' | 'reverse'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export interface Account {
  id: string;
  name: string;
}

/**
 * The signed-in customer's (or administrator's) profile. A business owner's name, phone and address
 * are the business's contact person, phone and address, kept whole by Business Settings.
 */
async function customerProfile(db: Db, account: Account, refusal: string): Promise<ProfileRow> {
  const profile = await getOrCreateProfile(db, account.id, account.name);
  if (normalizeRole(profile.role) === 'business_owner') throw new Forbidden(refusal);
  return profile;
}

function toProfileSettings(row: ProfileRow, account: Account): ProfileSettings {
  // The same fallback the app shows (profile name, then account name) for accounts made before profiles had one.
  return { displayName: row.displayName || account.name, phone: row.phone };
}

export async function getProfileSettings(db: Db, account: Account): Promise<ProfileSettings> {
  const row = await customerProfile(db, account, PROFILE_SETTINGS_MESSAGES.businessElsewhere);
  return toProfileSettings(row, account);
}

export async function updateProfileSettings(
  db: Db,
  account: Account,
  input: ProfileSettingsUpdate,
): Promise<ProfileSettings> {
  const current = await customerProfile(db, account, PROFILE_SETTINGS_MESSAGES.businessElsewhere);
  // Texts go to this number: removing it while SMS is on would silently stop them.
  if (input.phone === null && current.notificationPreferences.includes('sms')) {
    throw new Invalid(PROFILE_SETTINGS_MESSAGES.phoneNeededForTexts, {
      phone: PROFILE_SETTINGS_MESSAGES.phoneNeededForTexts,
    });
  }
  const row = await saveNameAndPhone(db, account.id, input);
  return toProfileSettings(row, { ...account, name: input.displayName });
}

function toDefaultLocation(row: ProfileRow): DefaultLocation {
  if (!row.address) return NO_DEFAULT_LOCATION;
  return { address: row.address, area: row.areaLabel, latitude: row.latitude, longitude: row.longitude };
}

export async function getDefaultLocation(db: Db, account: Account): Promise<DefaultLocation> {
  return toDefaultLocation(await customerProfile(db, account, DEFAULT_LOCATION_MESSAGES.businessElsewhere));
}

/**
 * Where the point of a default location comes from. Coordinates sent with it (a chosen suggestion,
 * the device's location) are kept, and a failed lookup of their area costs only the label. A typed
 * address must be found: a default location without a point could not order Discover or count
 * coverage. Geocoder outages surface as their own plain 502/503 and nothing is saved.
 */
async function locate(
  deps: ProfileDeps,
  input: DefaultLocationUpdate,
): Promise<{ latitude: number; longitude: number; area: string | null }> {
  if (input.latitude != null && input.longitude != null) {
    let area: string | null = null;
    try {
      area = (await deps.geocoder.reverse(input.latitude, input.longitude))?.area ?? null;
    } catch (err) {
      deps.log?.warn({ err }, 'reverse geocoding a default location failed');
    }
    return { latitude: input.latitude, longitude: input.longitude, area };
  }
  const place = await deps.geocoder.geocode(input.address);
  if (!place) {
    throw new Invalid(DEFAULT_LOCATION_MESSAGES.addressNotFound, {
      address: DEFAULT_LOCATION_MESSAGES.addressNotFound,
    });
  }
  return { latitude: place.latitude, longitude: place.longitude, area: place.area };
}

export async function saveDefaultLocation(
  deps: ProfileDeps,
  account: Account,
  input: DefaultLocationUpdate,
): Promise<DefaultLocation> {
  await customerProfile(deps.db, account, DEFAULT_LOCATION_MESSAGES.businessElsewhere);
  const point = await locate(deps, input);
  const row = await updateProfile(deps.db, account.id, {
    address: input.address,
    areaLabel: point.area,
    latitude: point.latitude,
    longitude: point.longitude,
  });
  return toDefaultLocation(row);
}

export async function clearDefaultLocation(db: Db, account: Account): Promise<DefaultLocation> {
  await customerProfile(db, account, DEFAULT_LOCATION_MESSAGES.businessElsewhere);
  const row = await updateProfile(db, account.id, {
    address: null,
    areaLabel: null,
    latitude: null,
    longitude: null,
  });
  return toDefaultLocation(row);
}
