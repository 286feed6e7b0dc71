import { z } from 'zod';
import { roundCoordinate } from '../geo/coordinates';
import { ARCHIVE_AGE_DAYS, CUSTOMER_SERVICE_AREA_KM, DEFAULT_ARCHIVE_AGE_DAYS } from '../shared/constants';
import { RESPONSE_STATE_BADGES, VIEW_STATUSES } from '../offers/customer-offers';
import { COMPLETION_STATUSES, REQUEST_STATUSES, RESPONSE_STATUSES } from '../shared/statuses';

/**
 * Shapes of the request, home, geo and upload APIs (issue 3). Timestamps are ISO strings, money is a
 * decimal string, dates are YYYY-MM-DD, times HH:MM:SS.
 */

/** A business's answer as the request's owner sees it in My Requests. */
export const RequestResponseSummarySchema = z.object({
  id: z.string(),
  businessUserId: z.string(),
  businessName: z.string(),
  /** The business's real rating: mean of its reviews (null without any) and how many there are. */
  ratingAverage: z.number().nullable(),
  reviewCount: z.number().int().nonnegative(),
  quotedPrice: z.string().nullable(),
  priceType: z.string().nullable(),
  message: z.string().nullable(),
  /** The business used Accept As-Is (a stored flag, not a text match). */
  isAcceptedAsIs: z.boolean(),
  availabilityDate: z.string().nullable(),
  availabilityTime: z.string().nullable(),
  status: z.enum(RESPONSE_STATUSES),
  completionStatus: z.enum(COMPLETION_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** COMPLETED, BOOKED, DECLINED, PENDING (the customer's counter offer awaits the business) or none. */
  stateBadge: z.enum(RESPONSE_STATE_BADGES).nullable(),
  /** NEW, EDITED or VIEWED for the request's owner (response_views). */
  viewStatus: z.enum(VIEW_STATUSES),
  /** The owner sent a counter offer, or a message mentioning one (spec 2 "Older My Responses screen"). */
  customerSentModifiedOffer: z.boolean(),
});
export type RequestResponseSummary = z.infer<typeof RequestResponseSummarySchema>;

/** One of the customer's own requests (the exact address included: it is theirs). */
export const MyRequestSchema = z.object({
  id: z.string(),
  title: z.string(),
  serviceType: z.string(),
  serviceSubtype: z.string().nullable(),
  description: z.string(),
  locationAddress: z.string().nullable(),
  areaLabel: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  serviceAreaKm: z.number().int(),
  preferredDate: z.string().nullable(),
  preferredTime: z.string().nullable(),
  timeFlexibility: z.string().nullable(),
  flexibleDates: z.boolean(),
  budgetMin: z.string().nullable(),
  budgetMax: z.string().nullable(),
  budgetType: z.string().nullable(),
  isUrgent: z.boolean(),
  images: z.array(z.string()),
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  archivedAt: z.string().nullable(),
  /** Newest of updated_at and every response's created_at/updated_at. */
  latestActivityAt: z.string(),
  /** Responses not ignored. */
  responseCount: z.number().int().nonnegative(),
  hasAcceptedResponse: z.boolean(),
  acceptedCompletionStatus: z.enum(COMPLETION_STATUSES).nullable(),
});
export type MyRequest = z.infer<typeof MyRequestSchema>;

export const MyRequestDetailSchema = MyRequestSchema.extend({
  responses: z.array(RequestResponseSummarySchema),
});
export type MyRequestDetail = z.infer<typeof MyRequestDetailSchema>;

/** A page of a list; pass nextCursor back as ?cursor= for the next one. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
export const MyRequestPageSchema = pageSchema(MyRequestSchema);
export type MyRequestPage = z.infer<typeof MyRequestPageSchema>;

/** My Requests lists: activity within 48 h, none for over 48 h, and the archive. */
export const LIST_SECTIONS = ['active', 'expired', 'archived'] as const;
export type ListSectionName = (typeof LIST_SECTIONS)[number];

export const MyRequestListQuerySchema = z.object({
  section: z.enum(LIST_SECTIONS).default('active'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const CreatedRequestSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(REQUEST_STATUSES),
  /** How many businesses were told about it. */
  matchedBusinesses: z.number().int().nonnegative(),
  /** Hire Again: the business asked first, and whether it still serves this request (so was told). */
  hireAgain: z.object({ businessName: z.string(), notified: z.boolean() }).nullish(),
});
export type CreatedRequest = z.infer<typeof CreatedRequestSchema>;

export const ARCHIVE_MESSAGES = {
  noneToArchive: 'No requests are old enough to archive.',
} as const;

export const ArchiveOldInputSchema = z.object({
  daysOld: z
    .union(
      ARCHIVE_AGE_DAYS.map((d) => z.literal(d)),
      { error: 'Please choose how old requests must be to archive them.' },
    )
    .default(DEFAULT_ARCHIVE_AGE_DAYS),
});
export const ArchiveOldResultSchema = z.object({ archived: z.number().int().nonnegative() });

/**
 * An optional coordinate in a query string: a number in range; empty means absent (z.coerce would
 * read '' as 0, a real place in the ocean).
 */
export function queryCoordinate(bound: 90 | 180) {
  const message = `${bound === 90 ? 'Latitude' : 'Longitude'} must be a number from -${bound} to ${bound}.`;
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ error: message })
      .min(-bound, message)
      .max(bound, message)
      .transform(roundCoordinate)
      .optional(),
  );
}

/** Coverage check while filling the form: businesses that would be told, within the radius in km. */
export const CoverageQuerySchema = z.object({
  serviceType: z.string().trim().min(1, 'Please select a service type').max(100),
  serviceSubtype: z.string().trim().max(100).optional(),
  latitude: queryCoordinate(90),
  longitude: queryCoordinate(180),
  radiusKm: z.coerce
    .number()
    .refine(
      (v) => (CUSTOMER_SERVICE_AREA_KM as readonly number[]).includes(v),
      'Please select service area distance',
    ),
});
export const CoverageSchema = z.object({
  count: z.number().int().nonnegative(),
  radiusKm: z.number(),
  /** False when no point was given: the count is then not limited by distance. */
  hasLocation: z.boolean(),
});
export type Coverage = z.infer<typeof CoverageSchema>;

export type CoverageLevel = 'warning' | 'info' | 'success';
/** Coverage banner (spec 2 §9): 0 a warning (still allowed), 1-4 info, 5+ success. */
export function coverageLevel(count: number): CoverageLevel {
  if (count <= 0) return 'warning';
  if (count < 5) return 'info';
  return 'success';
}
export const COVERAGE_MESSAGES = {
  failed: 'Unable to check business coverage. Your request will still be submitted.',
} as const;

/**
 * Where the customer's next request starts, to prefill the form: the default location saved in
 * Settings, else the latest request's.
 */
export const LastLocationSchema = z.object({
  address: z.string().nullable(),
  area: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type LastLocation = z.infer<typeof LastLocationSchema>;

/** Home: an accepted booking from today on. */
export const UpcomingBookingSchema = z.object({
  responseId: z.string(),
  requestId: z.string(),
  title: z.string(),
  serviceType: z.string(),
  businessName: z.string(),
  date: z.string(),
  time: z.string().nullable(),
  locationAddress: z.string().nullable(),
});
export type UpcomingBooking = z.infer<typeof UpcomingBookingSchema>;

/** Home: a real business from the directory (public profile only, no contact details). */
export const DirectoryBusinessSchema = z.object({
  userId: z.string(),
  businessName: z.string(),
  avatarUrl: z.string().nullable(),
  serviceCategories: z.array(z.string()),
  areaLabel: z.string().nullable(),
  distanceKm: z.number().nullable(),
  ratingAverage: z.number().nullable(),
  reviewCount: z.number().int().nonnegative(),
  /** Late cancellations of the last 12 months (issue 32), shown with `lateCancellationsLabel`. */
  lateCancellations: z.number().int().nonnegative(),
});
export type DirectoryBusiness = z.infer<typeof DirectoryBusinessSchema>;

/**
 * A required latitude (bound 90) or longitude (bound 180) in a query string: a decimal number, so ''
 * and 'abc' are refused, not read as 0 or NaN (geo routes, the administrators' business search).
 */
export function decimalCoordinate(message: string, bound: number) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^[-+]?(\d+\.?\d*|\.\d+)$/, message)
    .transform(Number)
    .pipe(z.number().min(-bound, message).max(bound, message).transform(roundCoordinate));
}

/** A place from the geocoder: suggestions, geocoding and reverse geocoding all answer this. */
export const GeoPlaceSchema = z.object({
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Suburb or city: what businesses see before acceptance. */
  area: z.string().nullable(),
});
export type GeoPlace = z.infer<typeof GeoPlaceSchema>;

export const UploadedImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  contentType: z.string(),
  byteSize: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

/** What the web app needs of the server's configuration. */
export const PublicConfigSchema = z.object({
  productName: z.string(),
  googleEnabled: z.boolean(),
  /** A MapLibre style URL, or null when no map is configured. */
  mapStyleUrl: z.string().nullable(),
  /** The platform's locale and currency for money, numbers and dates (GRIP_LOCALE, GRIP_CURRENCY). */
  locale: z.string(),
  currency: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
