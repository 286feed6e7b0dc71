import { z } from 'zod';
import { REQUEST_STATUSES, RESPONSE_STATUSES } from '../shared/statuses';

/**
 * A request as a business sees it (feed, respond page): never the exact address or the customer's
 * contact details until this business's quote is accepted — only the area and a whole-km distance.
 */
export const BusinessRequestViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  serviceType: z.string(),
  serviceSubtype: z.string().nullable(),
  description: z.string(),
  /** Suburb or city (from the geocoder), or null when unknown. */
  areaLabel: z.string().nullable(),
  /** Whole kilometres from the business's own address, when both have a point. */
  distanceKm: z.number().int().nullable(),
  /** The exact address: only once this business's quote has been accepted. */
  locationAddress: z.string().nullable(),
  preferredDate: z.string().nullable(),
  preferredTime: z.string().nullable(),
  timeFlexibility: z.string().nullable(),
  flexibleDates: z.boolean(),
  budgetMin: z.string().nullable(),
  budgetMax: z.string().nullable(),
  budgetType: z.string().nullable(),
  urgency: z.string(),
  isUrgent: z.boolean(),
  images: z.array(z.string()),
  status: z.enum(REQUEST_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** This business's response to it, if any. */
  myResponseId: z.string().nullable(),
  myResponseStatus: z.enum(RESPONSE_STATUSES).nullable(),
});
export type BusinessRequestView = z.infer<typeof BusinessRequestViewSchema>;

/**
 * GET /api/business/requests/:id (the respond page): the request and the version of what the business
 * reads of it, which Accept As-Is (and a custom quote) sends back (decision 019). The version covers
 * only what this view shows, so it can tell nothing the view does not.
 */
export const BusinessRequestDetailSchema = BusinessRequestViewSchema.extend({ termsVersion: z.string() });
export type BusinessRequestDetail = z.infer<typeof BusinessRequestDetailSchema>;
