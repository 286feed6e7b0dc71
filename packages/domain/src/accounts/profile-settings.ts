import { z } from 'zod';
import { DisplayNameSchema, safeText } from './auth';
import { coordinateSchema } from '../geo/coordinates';
import { LastLocationSchema } from '../requests/api-requests';
import { smsNumber } from '../notifications/deliveries';
import { REQUEST_MESSAGES } from '../requests/requests';

/**
 * Customer Settings (spec 2 §7): Profile Information and Default Location. Business owners keep
 * both in Business Settings (contact person, phone and business address).
 */

export const PROFILE_SETTINGS_MESSAGES = {
  // Spec 2 §8, verbatim.
  updatedTitle: 'Profile Updated',
  updateFailed: 'Error: Failed to update profile. Please try again.',
  emailReadOnly: 'Email cannot be changed here',
  // Ours.
  updated: 'Your name and phone number have been saved.',
  loadFailed: 'Failed to load your profile.',
  phoneInvalid: 'Enter your phone number with its country code, for example +61 400 000 000.',
  phoneTooLong: 'That phone number is too long.',
  phoneNeededForTexts: 'Texts are on, so keep a mobile number here, or turn SMS off in Notifications first.',
  businessElsewhere: 'Business owners edit their profile in Business Settings.',
} as const;

/** Longest phone text accepted (the same bound as the notification settings' number). */
export const MAX_PHONE_LENGTH = 30;

/**
 * The profile's one phone number. Texts go to it too (Notifications), so any number kept must be
 * one a provider can dial: the country code is needed, while spaces, dots, dashes and brackets are
 * fine. A local-only number would be accepted here and then refused by the notification settings.
 */
export const ProfilePhoneSchema = z
  .string()
  .trim()
  .max(MAX_PHONE_LENGTH, PROFILE_SETTINGS_MESSAGES.phoneTooLong)
  .nullish()
  .transform((phone) => phone || null)
  .refine((phone) => phone === null || smsNumber(phone) !== null, PROFILE_SETTINGS_MESSAGES.phoneInvalid);

/** GET and PUT /api/me/profile answer. The email is read-only and comes with /api/me. */
export const ProfileSettingsSchema = z.object({
  displayName: z.string(),
  phone: z.string().nullable(),
});
export type ProfileSettings = z.infer<typeof ProfileSettingsSchema>;

/** PUT /api/me/profile: the display name is required; an empty phone removes the number. */
export const ProfileSettingsInputSchema = z.object({
  displayName: DisplayNameSchema,
  phone: ProfilePhoneSchema,
});
/** What a client sends. */
export type ProfileSettingsInput = z.input<typeof ProfileSettingsInputSchema>;
/** What the server receives after validation (trimmed, a blank phone as null). */
export type ProfileSettingsUpdate = z.output<typeof ProfileSettingsInputSchema>;

export const DEFAULT_LOCATION_MESSAGES = {
  // Spec 2 §8, verbatim.
  updatedTitle: 'Location Updated',
  updateFailed: 'Error: Failed to update location. Please try again.',
  // Ours.
  updated: 'New requests will start from this address.',
  cleared: 'Your default location has been removed.',
  loadFailed: 'Failed to load your default location.',
  addressRequired: REQUEST_MESSAGES.locationRequired,
  addressTooLong: 'Please keep the location under 300 characters.',
  addressNotFound: 'We could not find that address. Try the suburb and state, e.g. Surry Hills NSW.',
  coordinatesPaired: 'Send both latitude and longitude, or neither.',
  businessElsewhere: 'Business owners set their address in Business Settings.',
} as const;

/** GET/PUT/DELETE /api/me/default-location answer: the shape of the request form's prefill (all null when none). */
export const DefaultLocationSchema = LastLocationSchema;
export type DefaultLocation = z.infer<typeof DefaultLocationSchema>;

/**
 * PUT /api/me/default-location: the address as the customer chose or typed it, with the chosen
 * place's (or device's) coordinates when known; without them the server looks the address up.
 */
export const DefaultLocationInputSchema = z
  .object({
    address: z
      .string({ error: DEFAULT_LOCATION_MESSAGES.addressRequired })
      .trim()
      .min(1, DEFAULT_LOCATION_MESSAGES.addressRequired)
      .max(300, DEFAULT_LOCATION_MESSAGES.addressTooLong)
      .pipe(safeText()),
    latitude: coordinateSchema(90).nullish(),
    longitude: coordinateSchema(180).nullish(),
  })
  .refine((input) => (input.latitude == null) === (input.longitude == null), {
    path: ['latitude'],
    message: DEFAULT_LOCATION_MESSAGES.coordinatesPaired,
  });
export type DefaultLocationInput = z.input<typeof DefaultLocationInputSchema>;
export type DefaultLocationUpdate = z.output<typeof DefaultLocationInputSchema>;

export const NO_DEFAULT_LOCATION: DefaultLocation = {
  address: null,
  area: null,
  latitude: null,
  longitude: null,
};
