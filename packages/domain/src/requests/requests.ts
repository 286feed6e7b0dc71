import { z } from 'zod';
import { safeText } from '../accounts/auth';
import { coordinateSchema } from '../geo/coordinates';
import { CUSTOMER_SERVICE_AREA_KM, REQUEST_DESCRIPTION_MIN_LENGTH } from '../shared/constants';
import { hyphenatedToTitleWords } from '../catalogue/matching';
import { TIME_FLEXIBILITIES } from '../shared/statuses';
import { RequestTitleSchema } from './request-title';

export * from './request-title';

/** The request form's messages (spec 2 §5), verbatim. */
export const REQUEST_MESSAGES = {
  serviceTypeRequired: 'Please select a service type',
  locationRequired: 'Please provide a location',
  serviceAreaRequired: 'Please select service area distance',
  descriptionTooShort: 'Please provide at least 10 characters',
  budgetRequired: 'Please enter a budget amount',
  preferredDateInPast: 'The preferred date cannot be in the past',
  authenticationRequired: 'Please sign in to submit a service request.',
  customersOnly: 'Only customer accounts can post service requests.',
} as const;

/** Hire Again's words: the server's refusal and what the confirmation says happened. */
export const HIRE_AGAIN_MESSAGES = {
  jobNotFound: 'That past job was not found, so we could not ask its business first.',
  notified: (businessName: string) => `${businessName} was told first, because you hired them before.`,
  notMatched: (businessName: string) =>
    `${businessName} no longer offers this service in your area, so we told the businesses that do.`,
} as const;

/** Where uploaded files are served: /uploads/{random name}.{ext}. */
export const UPLOADED_IMAGE_PATH = /^\/uploads\/[A-Za-z0-9_-]{8,64}\.(jpg|jpeg|png|gif|webp)$/;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const clockTime = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** A new service request as the form and the API send it. */
export const ServiceRequestInputSchema = z.object({
  serviceType: z
    .string({ error: REQUEST_MESSAGES.serviceTypeRequired })
    .trim()
    .min(1, REQUEST_MESSAGES.serviceTypeRequired)
    .max(100)
    .pipe(safeText()),
  serviceSubtype: z.string().trim().max(100).pipe(safeText()).nullish(),
  /**
   * The request's short name (decision 030). Optional for older clients: a new request without one
   * gets `suggestRequestTitle`'s, an edited one keeps its own.
   */
  title: RequestTitleSchema.nullish(),
  description: z
    .string({ error: REQUEST_MESSAGES.descriptionTooShort })
    .trim()
    .min(REQUEST_DESCRIPTION_MIN_LENGTH, REQUEST_MESSAGES.descriptionTooShort)
    .max(5000)
    .pipe(safeText({ multiline: true })),
  location: z
    .string({ error: REQUEST_MESSAGES.locationRequired })
    .trim()
    .min(1, REQUEST_MESSAGES.locationRequired)
    .max(300)
    .pipe(safeText()),
  latitude: coordinateSchema(90).nullish(),
  longitude: coordinateSchema(180).nullish(),
  serviceAreaKm: z.union(
    CUSTOMER_SERVICE_AREA_KM.map((km) => z.literal(km)),
    { error: REQUEST_MESSAGES.serviceAreaRequired },
  ),
  /** Whole dollars; the form takes one amount (min = max). */
  budget: z
    .number({ error: REQUEST_MESSAGES.budgetRequired })
    .int(REQUEST_MESSAGES.budgetRequired)
    .min(0, REQUEST_MESSAGES.budgetRequired)
    .max(10_000_000),
  preferredDate: z.string().regex(isoDate, 'Please choose a valid date').nullish(),
  preferredTime: z.string().regex(clockTime, 'Please choose a valid time').nullish(),
  timeFlexibility: z.enum(TIME_FLEXIBILITIES).nullish(),
  flexibleDates: z.boolean().default(false),
  isUrgent: z.boolean().default(false),
  /** Paths of images uploaded to Grip (never data URLs or links elsewhere). */
  images: z
    .array(z.string().regex(UPLOADED_IMAGE_PATH, 'Please upload images through Grip'))
    .max(10)
    .default([]),
  /**
   * Hire Again (Job History): the customer's completed job whose business is told about this
   * request first, personally. Only read when a request is created.
   */
  hireAgainResponseId: z.uuid(HIRE_AGAIN_MESSAGES.jobNotFound).nullish(),
});
export type ServiceRequestInput = z.input<typeof ServiceRequestInputSchema>;
export type ServiceRequestData = z.output<typeof ServiceRequestInputSchema>;

/**
 * The title requests were given before titles could be chosen ('Plumbing request'); such stored
 * titles stay valid. New requests are named by `suggestRequestTitle` or by the customer.
 */
export function requestTitle(serviceType: string, serviceSubtype?: string | null): string {
  const base = serviceSubtype?.trim() ? hyphenatedToTitleWords(serviceSubtype.trim()) : serviceType.trim();
  return `${base.charAt(0).toUpperCase()}${base.slice(1)} request`;
}

/** True when an ISO date (YYYY-MM-DD) is before `today` (also YYYY-MM-DD, the viewer's local day). */
export function isPastDate(isoDay: string, today: string): boolean {
  return isoDay < today;
}
