import { z } from 'zod';
import { safeText } from './auth';
import { BUSINESS_SERVICE_AREA_KM } from './constants';

export const BUSINESS_PROFILE_MESSAGES = {
  addressRequired: 'Please enter your business address',
  serviceAreaRequired: 'Please select a service area',
  addressNotFound: 'We could not find that address. Try the suburb and state, e.g. Surry Hills NSW.',
  businessOwnersOnly: 'Only business accounts have a business profile.',
} as const;

/**
 * What a business tells Grip about where and what it serves (the part of business settings that
 * matching needs); every field is optional so each can be changed alone.
 */
export const BusinessProfileUpdateSchema = z.object({
  serviceCategories: z
    .array(z.string().trim().min(1).max(100).pipe(safeText()))
    .max(60, 'Please choose at most 60 services')
    .optional(),
  address: z
    .string({ error: BUSINESS_PROFILE_MESSAGES.addressRequired })
    .trim()
    .min(1, BUSINESS_PROFILE_MESSAGES.addressRequired)
    .max(300)
    .pipe(safeText())
    .optional(),
  serviceAreaKm: z
    .union(
      BUSINESS_SERVICE_AREA_KM.map((km) => z.literal(km)),
      { error: BUSINESS_PROFILE_MESSAGES.serviceAreaRequired },
    )
    .optional(),
});
export type BusinessProfileUpdate = z.infer<typeof BusinessProfileUpdateSchema>;

export const BusinessLocationSchema = z.object({
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  serviceAreaKm: z.number().int().nullable(),
  serviceCategories: z.array(z.string()),
});
export type BusinessLocation = z.infer<typeof BusinessLocationSchema>;
