import { z } from 'zod';
import { EmailSchema, safeText } from '../accounts/auth';
import {
  BUSINESS_SERVICE_AREA_KM,
  DEFAULT_BUSINESS_SERVICE_AREA_KM,
  MAX_BUSINESS_NAME_LENGTH,
  MAX_DISPLAY_NAME_LENGTH,
} from '../shared/constants';
import { START_SCREENS } from '../accounts/roles';

/**
 * The notification channels a business chooses (spec 1 §3); the default is email only (spec 3 §9).
 * Each one does what it says: email and SMS carry the notices (server: requests.service.ts fan-out and
 * notification-deliveries.ts), marketing is the consent to product news.
 */
export const BUSINESS_NOTIFICATION_CHANNELS = ['email', 'sms', 'marketing'] as const;
export type BusinessNotificationChannel = (typeof BUSINESS_NOTIFICATION_CHANNELS)[number];
export const DEFAULT_BUSINESS_NOTIFICATION_CHANNELS: readonly BusinessNotificationChannel[] = ['email'];

export const BUSINESS_NOTIFICATION_CHANNEL_LABELS: Record<BusinessNotificationChannel, string> = {
  email: 'Email',
  sms: 'SMS',
  marketing: 'Marketing and product news',
};

/**
 * The spec's other two business channels, retired (issue 33, decision 029): they did nothing.
 * - 'phone' ("Phone call"): Grip places no calls. The business's phone number already reaches the
 *   customer who accepts its quote (PRODUCT-DECISIONS), which a choice should not take away.
 * - 'app' ("In-app"): in-app notifications always exist (the bell, the badges); Business Settings
 *   shows them as always on (IN_APP_NOTIFICATIONS), and alerts on a device are the push card's choice.
 * Migration 0028 took them out of stored profiles. A form or CSV that still names them (an older app
 * version, an old export) is accepted and they are dropped, never refused.
 */
export const RETIRED_BUSINESS_NOTIFICATION_CHANNELS = ['phone', 'app'] as const;

export function isBusinessNotificationChannel(value: string): value is BusinessNotificationChannel {
  return (BUSINESS_NOTIFICATION_CHANNELS as readonly string[]).includes(value);
}

export function isRetiredBusinessNotificationChannel(value: string): boolean {
  return (RETIRED_BUSINESS_NOTIFICATION_CHANNELS as readonly string[]).includes(value);
}

/** The always-on line Business Settings shows among the channels, in place of a choice. */
export const IN_APP_NOTIFICATIONS = {
  label: 'In-app',
  status: 'Always on',
  hint: 'Every notice waits for you in Grip, under the bell. Alerts on this device are set under Push notifications on this device.',
} as const;

export const START_SCREEN_LABELS: Record<(typeof START_SCREENS)[number], string> = {
  dashboard: 'Dashboard',
  requests: 'New Requests',
  active: 'In Progress',
  confirmed: 'Confirmed',
};

export const MAX_BUSINESS_DESCRIPTION_LENGTH = 2000;

export const BUSINESS_PROFILE_MESSAGES = {
  addressRequired: 'Please enter your business address',
  serviceAreaRequired: 'Please select a service area',
  addressNotFound: 'We could not find that address. Try the suburb and state, e.g. Surry Hills NSW.',
  businessOwnersOnly: 'Only business accounts have a business profile.',
  // Spec 3 §5 and §8, verbatim.
  signInRequired: 'You must be logged in to register a business.',
  serviceCategoriesRequiredTitle: 'Service Categories Required',
  serviceCategoriesRequired: 'Please select at least one service category.',
  notificationEmailRequiredTitle: 'Notification Email Required',
  notificationEmailRequired: 'Please provide an email address for notifications.',
  registrationSuccessTitle: 'Registration Successful!',
  settingsSuccessTitle: 'Settings Updated!',
  registrationFailedTitle: 'Registration Failed',
  registrationFailed: 'Failed to register business. Please try again.',
  loadFailed: 'Failed to load business profile',
  updateFailed: 'Failed to update business profile',
  avatarNotImage: 'Please select an image file.',
  avatarTooLarge: 'Please select an image smaller than 2MB.',
  // Ours: the spec marks these fields required without words.
  businessNameRequired: 'Please enter your business name',
  businessNameTooLong: `Business name must be at most ${MAX_BUSINESS_NAME_LENGTH} characters`,
  contactPersonRequired: 'Please enter a contact person',
  contactPersonTooLong: `Contact person must be at most ${MAX_DISPLAY_NAME_LENGTH} characters`,
  phoneRequired: 'Please enter a phone number',
  phoneInvalid: 'Please enter a valid phone number, e.g. 0412 345 678 or +61 412 345 678',
  websiteInvalid: 'Please enter a web address starting with http:// or https://',
  googleReviewsUrlInvalid: 'Please enter a Google Reviews link starting with http:// or https://',
  descriptionTooLong: `Description must be at most ${MAX_BUSINESS_DESCRIPTION_LENGTH} characters`,
  avatarNotOwn: 'Please upload your avatar through Grip',
  onlyAdministrator:
    'You are the only administrator. Grant another account the administrator role before registering a business.',
} as const;

const serviceAreaSchema = z.union(
  BUSINESS_SERVICE_AREA_KM.map((km) => z.literal(km)),
  { error: BUSINESS_PROFILE_MESSAGES.serviceAreaRequired },
);

const serviceCategoriesSchema = z
  .array(z.string().trim().min(1).max(100).pipe(safeText()))
  .max(60, 'Please choose at most 60 services');

/**
 * What a business tells Grip about where and what it serves (the part of business settings that
 * matching needs); every field is optional so each can be changed alone.
 */
export const BusinessProfileUpdateSchema = z.object({
  serviceCategories: serviceCategoriesSchema.optional(),
  address: z
    .string({ error: BUSINESS_PROFILE_MESSAGES.addressRequired })
    .trim()
    .min(1, BUSINESS_PROFILE_MESSAGES.addressRequired)
    .max(300)
    .pipe(safeText())
    .optional(),
  serviceAreaKm: serviceAreaSchema.optional(),
});
export type BusinessProfileUpdate = z.infer<typeof BusinessProfileUpdateSchema>;

/** PUT /api/business-profile/avatar: settings save a new or removed avatar at once (null removes it). */
export const BusinessAvatarSchema = z.object({
  avatarUrl: z.string().trim().max(300).nullable(),
});
export type BusinessAvatar = z.infer<typeof BusinessAvatarSchema>;

export const BusinessLocationSchema = z.object({
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  serviceAreaKm: z.number().int().nullable(),
  serviceCategories: z.array(z.string()),
});
export type BusinessLocation = z.infer<typeof BusinessLocationSchema>;

/**
 * http(s) only: a javascript: or data: "website" shown as a link would be an attack. A host with a
 * dot and no credentials or spaces (domain code has no URL parser: it runs without DOM or Node types).
 */
const HTTP_URL = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#][^\s]*)?$/i;
export function isHttpUrl(value: string): boolean {
  return HTTP_URL.test(value);
}

/** Digits with the usual separators, 6 to 20 digits, an optional leading +. */
const PHONE = /^\+?[\d\s().-]+$/;
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE.test(value) && digits >= 6 && digits <= 20;
}

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong).pipe(safeText());

/** An optional URL field: blank means none. */
const optionalUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(500, message)
    .refine((v) => v === '' || isHttpUrl(v), message)
    .optional();

/**
 * The whole business profile form (spec 3 §2): registration and settings send the same payload,
 * and the form validates it with this schema too. Banking and Facebook fields of the original are
 * not part of it: Grip takes no payment and keeps no bank details.
 */
export const BusinessProfileInputSchema = z
  .object({
    businessName: requiredText(
      BUSINESS_PROFILE_MESSAGES.businessNameRequired,
      MAX_BUSINESS_NAME_LENGTH,
      BUSINESS_PROFILE_MESSAGES.businessNameTooLong,
    ),
    contactPerson: requiredText(
      BUSINESS_PROFILE_MESSAGES.contactPersonRequired,
      MAX_DISPLAY_NAME_LENGTH,
      BUSINESS_PROFILE_MESSAGES.contactPersonTooLong,
    ),
    address: requiredText(
      BUSINESS_PROFILE_MESSAGES.addressRequired,
      300,
      BUSINESS_PROFILE_MESSAGES.addressRequired,
    ),
    /** When true the account's email is stored as the notification email and notificationEmail is ignored. */
    useAccountEmail: z.boolean().default(false),
    notificationEmail: z.string().trim().max(254).optional(),
    phone: z
      .string({ error: BUSINESS_PROFILE_MESSAGES.phoneRequired })
      .trim()
      .min(1, BUSINESS_PROFILE_MESSAGES.phoneRequired)
      .refine(isPhoneNumber, BUSINESS_PROFILE_MESSAGES.phoneInvalid),
    website: optionalUrl(BUSINESS_PROFILE_MESSAGES.websiteInvalid),
    description: z
      .string()
      .trim()
      .max(MAX_BUSINESS_DESCRIPTION_LENGTH, BUSINESS_PROFILE_MESSAGES.descriptionTooLong)
      .pipe(safeText({ multiline: true }))
      .optional(),
    googleReviewsUrl: optionalUrl(BUSINESS_PROFILE_MESSAGES.googleReviewsUrlInvalid),
    serviceCategories: serviceCategoriesSchema.min(1, BUSINESS_PROFILE_MESSAGES.serviceCategoriesRequired),
    serviceAreaKm: serviceAreaSchema.default(DEFAULT_BUSINESS_SERVICE_AREA_KM),
    notificationPreferences: z
      .array(
        z.enum([...BUSINESS_NOTIFICATION_CHANNELS, ...RETIRED_BUSINESS_NOTIFICATION_CHANNELS], {
          error: 'Please choose a listed channel',
        }),
      )
      .default([...DEFAULT_BUSINESS_NOTIFICATION_CHANNELS])
      // Retired choices an older version of the app may still send are dropped (decision 029).
      .transform((list) => list.filter(isBusinessNotificationChannel)),
    defaultStartScreen: z.enum(START_SCREENS, { error: 'Please choose a start screen' }).default('dashboard'),
    /** An image this user uploaded through Grip (/uploads/…), or null for none. */
    avatarUrl: z.string().max(300).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.useAccountEmail) return;
    const email = value.notificationEmail?.trim() ?? '';
    if (!email) {
      ctx.addIssue({
        code: 'custom',
        path: ['notificationEmail'],
        message: BUSINESS_PROFILE_MESSAGES.notificationEmailRequired,
      });
    } else if (!EmailSchema.safeParse(email).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['notificationEmail'],
        message: 'Please enter a valid email address',
      });
    }
  });
/** What the form holds (defaults not yet applied). */
export type BusinessProfileFormValues = z.input<typeof BusinessProfileInputSchema>;
/** What the server receives after validation. */
export type BusinessProfileInput = z.output<typeof BusinessProfileInputSchema>;

export const BusinessRatingSchema = z.object({
  /** Mean of the business's review ratings, one decimal; null with no reviews. */
  average: z.number().nullable(),
  count: z.number().int(),
});
export type BusinessRating = z.infer<typeof BusinessRatingSchema>;

/** GET /api/business-profile: the signed-in user's own business profile (prefills registration). */
export const BusinessProfileSchema = z.object({
  role: z.enum(['user', 'business_owner', 'administrator']),
  accountEmail: z.string(),
  businessName: z.string().nullable(),
  contactPerson: z.string().nullable(),
  address: z.string().nullable(),
  areaLabel: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  notificationEmail: z.string().nullable(),
  /** True when the notification email is the account's email (the form's 'use account email'). */
  useAccountEmail: z.boolean(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  googleReviewsUrl: z.string().nullable(),
  serviceCategories: z.array(z.string()),
  serviceAreaKm: z.number().int().nullable(),
  notificationPreferences: z.array(z.string()),
  defaultStartScreen: z.enum(START_SCREENS).nullable(),
  avatarUrl: z.string().nullable(),
  rating: BusinessRatingSchema,
});
export type BusinessProfile = z.infer<typeof BusinessProfileSchema>;

/** Average with one decimal, the way the rating box shows it. */
export function roundRating(average: number | null): number | null {
  return average === null ? null : Math.round(average * 10) / 10;
}
