import { z } from 'zod';
import { safeText } from '../accounts/auth';
import { RESPONSE_IMAGE_MAX_BYTES } from '../shared/constants';
import { decimalCoordinate } from '../requests/api-requests';
import { localIsoDate } from '../requests/request-form';
import { IMAGE_WRONG_TYPE_MESSAGE, imageTooLargeMessage, isOverUploadLimit } from '../platform/uploads';

/**
 * The administrators' business search over Grip's own directory (business owners' profiles, which
 * carry a point): the test search page /admin-test-request (spec 3) with a location and a radius,
 * and the search administrators get on the customer home instead of the assistant (spec 2). With a
 * location it is a nearby search, nearest first; without one a text search, best rated first.
 */

/** Spec 3 §9: 'Admin search radius: 1, 5, 10, 25, 50 km, default 5'. */
export const ADMIN_SEARCH_RADIUS_OPTIONS_KM = [1, 5, 10, 25, 50] as const;
export type AdminSearchRadiusKm = (typeof ADMIN_SEARCH_RADIUS_OPTIONS_KM)[number];
export const DEFAULT_ADMIN_SEARCH_RADIUS_KM: AdminSearchRadiusKm = 5;
/** Spec 3 §9: the test search runs 500 ms after the query, location or radius last changed. */
export const ADMIN_SEARCH_DEBOUNCE_MS = 500;
/** Spec 2 §6: the home's search is 'a nearby search within 5000 m when a location is known'. */
export const HOME_SEARCH_RADIUS_M = 5000;
/** The same radius in the API's unit (km, as every distance in Grip); one of the radius options. */
export const HOME_SEARCH_RADIUS_KM = (HOME_SEARCH_RADIUS_M / 1000) as AdminSearchRadiusKm;
export const ADMIN_SEARCH_MAX_RESULTS = 20;
export const ADMIN_SEARCH_QUERY_MAX_LENGTH = 100;

export const ADMIN_SEARCH_MESSAGES = {
  administratorsOnly: 'Only administrators can search the business directory.',
  /** Spec 3 §5, the demo search's blank-query text; the API uses it for every blank query. */
  queryRequired: 'Please enter a search query',
  /** Spec 2 §5 'Admin business search (on customer home)'. */
  criteriaRequired: 'Enter search criteria',
  queryTooLong: `Please use at most ${ADMIN_SEARCH_QUERY_MAX_LENGTH} characters.`,
  latitude: 'Latitude must be a number from -90 to 90.',
  longitude: 'Longitude must be a number from -180 to 180.',
  coordinatesTogether: 'Send both latitude and longitude, or neither.',
  radius: `Choose a radius of ${ADMIN_SEARCH_RADIUS_OPTIONS_KM.slice(0, -1).join(', ')} or ${ADMIN_SEARCH_RADIUS_OPTIONS_KM.at(-1)} km.`,
  radiusNeedsLocation: 'A radius needs a location (latitude and longitude).',
  /** Spec 3 §8: 'Geocoding Error / Could not find coordinates for the address. Try a different address.' */
  geocodingErrorTitle: 'Geocoding Error',
  geocodingError: 'Could not find coordinates for the address. Try a different address.',
  /** Spec 3 §8, the test search's failure. */
  testSearchFailed: 'Failed to search businesses',
  /** Spec 3 §8: 'Location error' with the message; the current-location switch turns off. */
  locationErrorTitle: 'Location error',
  locationErrorFallback: 'We could not get your location. Please try again.',
  locationUnsupported: 'Your browser cannot share your location. Please type an address instead.',
  /** Spec 3 §5: the test search needs coordinates or an address; said before anything runs. */
  needsQueryAndLocation: 'Type a keyword and choose a location to search.',
  needsQuery: 'Type a keyword to search.',
  needsLocation: 'Choose a location: use your current location or type an address.',
  /** Spec 2 §8 'Admin search': 'Search failed: Unable to search businesses. Please try again.' */
  homeSearchFailedTitle: 'Search failed',
  homeSearchFailed: 'Unable to search businesses. Please try again.',
  /** Spec 2 §8: 'No results found: Try a different search term or location.' */
  noResultsTitle: 'No results found',
  noResults: 'Try a different search term or location.',
} as const;

const M = ADMIN_SEARCH_MESSAGES;

export function isAdminSearchRadius(value: number): value is AdminSearchRadiusKm {
  return (ADMIN_SEARCH_RADIUS_OPTIONS_KM as readonly number[]).includes(value);
}

/**
 * GET /api/admin/business-search: q (required, trimmed), latitude and longitude (both or neither),
 * radiusKm (one of the options, only with coordinates; default 5). Values arrive as query strings.
 */
export const AdminBusinessSearchQuerySchema = z
  .object({
    q: z
      .string({ error: M.queryRequired })
      .trim()
      .min(1, M.queryRequired)
      .max(ADMIN_SEARCH_QUERY_MAX_LENGTH, M.queryTooLong)
      .pipe(safeText()),
    latitude: decimalCoordinate(M.latitude, 90).optional(),
    longitude: decimalCoordinate(M.longitude, 180).optional(),
    radiusKm: z
      .string({ error: M.radius })
      .trim()
      .regex(/^\d+$/, M.radius)
      .transform(Number)
      .refine(isAdminSearchRadius, M.radius)
      .optional(),
  })
  .superRefine((value, ctx) => {
    const hasLatitude = value.latitude !== undefined;
    if (hasLatitude !== (value.longitude !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [hasLatitude ? 'longitude' : 'latitude'],
        message: M.coordinatesTogether,
      });
    } else if (!hasLatitude && value.radiusKm !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['radiusKm'], message: M.radiusNeedsLocation });
    }
  });
export type AdminBusinessSearchQuery = z.output<typeof AdminBusinessSearchQuerySchema>;

/** What the web sends: a nearby search when it has a point, otherwise a text search. */
export interface AdminBusinessSearchParams {
  q: string;
  latitude?: number | null;
  longitude?: number | null;
  radiusKm?: AdminSearchRadiusKm | null;
}

/** One business found; distanceKm only in a nearby search. */
export const AdminBusinessResultSchema = z.object({
  userId: z.string(),
  businessName: z.string(),
  address: z.string().nullable(),
  areaLabel: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  serviceCategories: z.array(z.string()),
  /** Average of the business's reviews, one decimal; null without reviews. */
  ratingAverage: z.number().nullable(),
  reviewCount: z.number().int().nonnegative(),
  serviceAreaKm: z.number().int().nullable(),
  /** Great-circle distance from the searched point, two decimals; null in a text search. */
  distanceKm: z.number().nullable(),
});
export type AdminBusinessResult = z.infer<typeof AdminBusinessResultSchema>;

export const AdminBusinessSearchResponseSchema = z.object({
  /** 'nearby' with coordinates (nearest first, within radiusKm), 'text' without (best rated first). */
  mode: z.enum(['nearby', 'text']),
  radiusKm: z.number().nullable(),
  results: z.array(AdminBusinessResultSchema),
});
export type AdminBusinessSearchResponse = z.infer<typeof AdminBusinessSearchResponseSchema>;

/** '0.4 km', '3.1 km', '12 km': what a result card shows of a distance. */
export function formatDistanceKm(km: number): string {
  return km < 10 ? `${(Math.round(km * 10) / 10).toFixed(1)} km` : `${Math.round(km)} km`;
}

// ---------------------------------------------------------------------------------------------------
// The request-details mock form of /admin-test-request (spec 3): date, time, budget, description,
// photos. It is a preview only: nothing is uploaded, stored or sent.

/** Spec 3 §9: 'Time options in the mock form and response: hourly 8:00 to 20:00 (13 slots)'. */
export const MOCK_REQUEST_TIME_SLOTS: readonly string[] = Array.from(
  { length: 13 },
  (_, i) => `${String(8 + i).padStart(2, '0')}:00`,
);
export const MOCK_REQUEST_MAX_PHOTOS = 5;
/** The response images' limit (spec 3 §5: 'max 5MB each'): the mock photos are the same kind. */
export const MOCK_REQUEST_PHOTO_MAX_BYTES = RESPONSE_IMAGE_MAX_BYTES;
export const MOCK_REQUEST_DESCRIPTION_MAX_LENGTH = 1000;
/** Whole dollars and cents, up to a million (no sign: an amount below 0 is refused). */
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

export const MOCK_REQUEST_MESSAGES = {
  dateRequired: 'Please choose a preferred date.',
  dateInvalid: 'Please choose a valid date.',
  /** Spec 3 §5: 'Mock form preferred date cannot be earlier than now.' */
  dateInPast: 'The preferred date and time cannot be earlier than now.',
  timeInvalid: 'Please choose one of the listed times.',
  budgetInvalid: 'Enter an amount of 0 or more, in dollars (and cents).',
  budgetOrder: 'The maximum budget cannot be less than the minimum.',
  descriptionTooLong: `Please keep the description to ${MOCK_REQUEST_DESCRIPTION_MAX_LENGTH} characters or fewer.`,
  tooManyPhotos: `You can add up to ${MOCK_REQUEST_MAX_PHOTOS} photos.`,
  photoWrongType: IMAGE_WRONG_TYPE_MESSAGE,
  photoTooLarge: imageTooLargeMessage(MOCK_REQUEST_PHOTO_MAX_BYTES),
  notSent: 'This is a preview only: nothing was uploaded, saved or sent to any business.',
} as const;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const clockTime = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether a YYYY-MM-DD string names a real calendar day (not 2026-02-30). */
function isRealDay(date: string): boolean {
  if (!isoDate.test(date)) return false;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(y, m - 1, d);
  return day.getFullYear() === y && day.getMonth() === m - 1 && day.getDate() === d;
}

/**
 * Spec 3 §5: the mock form's preferred date 'cannot be earlier than now', in the viewer's local
 * calendar. A date alone compares by day (today is fine); with a time, the moment itself must not
 * be before `now` (today 09:00 is refused at 09:30).
 */
export function isPreferredMomentInPast(date: string, time: string | null | undefined, now: Date): boolean {
  if (!time) return date < localIsoDate(now);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(y, m - 1, d, hh, mm).getTime() < now.getTime();
}

/** A chosen photo as the form knows it (a File's name, type and size; no bytes leave the browser). */
export const MockPhotoSchema = z.object({
  name: z.string(),
  type: z.string(),
  size: z.number().nonnegative(),
});
export type MockPhoto = z.infer<typeof MockPhotoSchema>;

/** Why a chosen file cannot be a mock photo, or null: images only, smaller than 5 MB. */
export function mockPhotoError(photo: MockPhoto): string | null {
  if (!photo.type.startsWith('image/')) return MOCK_REQUEST_MESSAGES.photoWrongType;
  if (isOverUploadLimit(photo.size, MOCK_REQUEST_PHOTO_MAX_BYTES)) return MOCK_REQUEST_MESSAGES.photoTooLarge;
  return null;
}

const amount = z
  .string()
  .trim()
  .refine((v) => v === '' || AMOUNT.test(v), MOCK_REQUEST_MESSAGES.budgetInvalid)
  .transform((v) => (v === '' ? null : Number(v)));

/** The mock form's fields as typed (all strings but the photos); validated for a given `now`. */
const MockRequestFormBaseSchema = z.object({
  preferredDate: z
    .string({ error: MOCK_REQUEST_MESSAGES.dateRequired })
    .trim()
    .min(1, MOCK_REQUEST_MESSAGES.dateRequired)
    .refine((v) => v === '' || isRealDay(v), MOCK_REQUEST_MESSAGES.dateInvalid),
  /** '' for any time, else one of the hourly slots (HH:MM). */
  preferredTime: z
    .string()
    .refine((v) => v === '' || clockTime.test(v), MOCK_REQUEST_MESSAGES.timeInvalid)
    .transform((v) => v || null),
  budgetMin: amount,
  budgetMax: amount,
  description: z
    .string()
    .trim()
    .max(MOCK_REQUEST_DESCRIPTION_MAX_LENGTH, MOCK_REQUEST_MESSAGES.descriptionTooLong)
    .pipe(safeText({ multiline: true })),
  photos: z
    .array(
      MockPhotoSchema.superRefine((photo, ctx) => {
        const message = mockPhotoError(photo);
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
    )
    .max(MOCK_REQUEST_MAX_PHOTOS, MOCK_REQUEST_MESSAGES.tooManyPhotos),
});
export type MockRequestFormInput = z.input<typeof MockRequestFormBaseSchema>;
export type MockRequestFormData = z.output<typeof MockRequestFormBaseSchema>;

export const EMPTY_MOCK_REQUEST_FORM: MockRequestFormInput = {
  preferredDate: '',
  preferredTime: '',
  budgetMin: '',
  budgetMax: '',
  description: '',
  photos: [],
};

/** The mock form's schema for a given now: the fields, then the date rule and min ≤ max. */
export function mockRequestFormSchemaFor(now: Date) {
  return MockRequestFormBaseSchema.superRefine((value, ctx) => {
    // Zod runs this even when a field failed: judge the moment only when date and time are sound.
    const isSound =
      isRealDay(value.preferredDate) && (value.preferredTime === null || clockTime.test(value.preferredTime));
    if (isSound && isPreferredMomentInPast(value.preferredDate, value.preferredTime, now)) {
      ctx.addIssue({ code: 'custom', path: ['preferredDate'], message: MOCK_REQUEST_MESSAGES.dateInPast });
    }
    if (value.budgetMin !== null && value.budgetMax !== null && value.budgetMax < value.budgetMin) {
      ctx.addIssue({ code: 'custom', path: ['budgetMax'], message: MOCK_REQUEST_MESSAGES.budgetOrder });
    }
  });
}
