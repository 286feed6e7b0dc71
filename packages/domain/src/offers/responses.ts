import { z } from 'zod';
import { safeText } from '../accounts/auth';
import { RESPONSE_MESSAGE_MIN_LENGTH } from '../shared/constants';
import { isPastDate, UPLOADED_IMAGE_PATH } from '../requests/requests';
import { PRICE_TYPES, RESPONSE_STATUSES, type PriceType } from '../shared/statuses';
import { TERMS_MESSAGES, TERMS_VERSION_MAX_LENGTH } from './terms-agreement';

/** The response form's and the respond API's texts (spec 3 §5, §8), verbatim where the spec has them. */
export const RESPONSE_MESSAGES = {
  messageTooShort: 'Message must be at least 10 characters',
  priceTooLow: 'Price must be greater than 0',
  priceTooPrecise: 'Please enter the price in dollars and cents',
  priceTypeInvalid: 'Please choose fixed, hourly or range',
  availabilityDateInPast: 'The availability date cannot be in the past',
  invalidDate: 'Please choose a valid date',
  invalidTime: 'Please choose a valid time',
  imagesNotUploaded: 'Please upload images through Grip',
  alreadyRespondedTitle: 'Already Responded',
  alreadyResponded: 'You have already responded to this request.',
  notOpen: 'This request is no longer open for responses.',
  businessesOnly: 'Only business accounts can respond to service requests.',
  requestNotFound: 'Request not found.',
} as const;

/** Whole quotes up to ten million dollars; the column holds cents exactly. */
export const MAX_QUOTED_PRICE = 10_000_000;
export const RESPONSE_TEXT_MAX_LENGTH = 5000;
export const RESPONSE_MAX_IMAGES = 10;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const clockTime = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

// Optional fields are null when absent; the service stores blanks as null.
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .pipe(safeText({ multiline: true }))
    .nullish();

/** True when a price has at most two decimals (money is stored in cents). */
function isWholeCents(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/**
 * A business's quote as the form and the API send it (spec 3 §3 "Response form values", §5). The
 * "not in the past" rule needs today's date, so it lives in responseInputSchemaFor / the service.
 */
export const ResponseInputSchema = z
  .object({
    message: z
      .string({ error: RESPONSE_MESSAGES.messageTooShort })
      .trim()
      .min(RESPONSE_MESSAGE_MIN_LENGTH, RESPONSE_MESSAGES.messageTooShort)
      .max(RESPONSE_TEXT_MAX_LENGTH)
      .pipe(safeText({ multiline: true })),
    // The spec's input takes min 1 with the message 'Price must be greater than 0'.
    quotedPrice: z
      .number({ error: RESPONSE_MESSAGES.priceTooLow })
      .min(1, RESPONSE_MESSAGES.priceTooLow)
      .max(MAX_QUOTED_PRICE)
      .refine(isWholeCents, RESPONSE_MESSAGES.priceTooPrecise),
    priceType: z.enum(PRICE_TYPES, { error: RESPONSE_MESSAGES.priceTypeInvalid }),
    availabilityDate: z.string().regex(isoDate, RESPONSE_MESSAGES.invalidDate).nullish(),
    availabilityTime: z.string().regex(clockTime, RESPONSE_MESSAGES.invalidTime).nullish(),
    estimatedDuration: optionalText(100),
    termsConditions: optionalText(RESPONSE_TEXT_MAX_LENGTH),
    engagementNotes: optionalText(RESPONSE_TEXT_MAX_LENGTH),
    /** Paths of images this business uploaded to Grip (purpose response_image). */
    images: z
      .array(z.string().regex(UPLOADED_IMAGE_PATH, RESPONSE_MESSAGES.imagesNotUploaded))
      .max(RESPONSE_MAX_IMAGES)
      .default([]),
    /** Set by Accept As-Is: stored as a flag, never inferred from the message (product decisions). */
    isAcceptedAsIs: z.boolean().default(false),
    /**
     * The `termsVersion` of the request as the business read it (GET /api/business/requests/:id).
     * Accept As-Is quotes the request's own budget, so it must name the version it agrees to; a custom
     * quote is checked against it when sent (decision 019).
     */
    requestVersion: z
      .string()
      .trim()
      .max(TERMS_VERSION_MAX_LENGTH, TERMS_MESSAGES.requestVersionMissing)
      .nullish(),
  })
  .refine((v) => !v.isAcceptedAsIs || Boolean(v.requestVersion), {
    path: ['requestVersion'],
    message: TERMS_MESSAGES.requestVersionMissing,
  });
export type ResponseInput = z.input<typeof ResponseInputSchema>;
export type ResponseData = z.output<typeof ResponseInputSchema>;

/** The availability date may not be before `today` (YYYY-MM-DD); no date is fine. */
export function isAvailabilityDateAllowed(date: string | null | undefined, today: string): boolean {
  return !date || !isPastDate(date, today);
}

/** ResponseInputSchema plus the spec's "available date cannot be in the past" for a given today. */
export function responseInputSchemaFor(today: string) {
  return ResponseInputSchema.refine((v) => isAvailabilityDateAllowed(v.availabilityDate, today), {
    path: ['availabilityDate'],
    message: RESPONSE_MESSAGES.availabilityDateInPast,
  });
}

/** What a created response answers. */
export const CreatedResponseSchema = z.object({ id: z.string(), status: z.enum(RESPONSE_STATUSES) });
export type CreatedResponse = z.infer<typeof CreatedResponseSchema>;

export const DEFAULT_QUOTED_PRICE = 100;

/** The request facts Accept As-Is reads. Money may be a decimal string (as the API sends it). */
export interface AcceptAsIsSource {
  title: string;
  budgetMin?: number | string | null;
  budgetMax?: number | string | null;
}

function positive(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** The spec's accept text (spec 3 §9); customers' old data was recognised by its pattern (spec 2 §4). */
/**
 * The spec's accept text ("I accept your request for ... Request. Let's discuss the details!"): our
 * titles end in ' request', so the service part is kept and 'Request' written as the spec does.
 */
export function acceptAsIsMessage(title: string): string {
  const service = title.replace(/\s+request$/i, '').trim() || title;
  return `I accept your request for ${service} Request. Let's discuss the details!`;
}

/**
 * Accept As-Is (spec 3 §9): the accept text, the request's minimum budget, else its maximum, else
 * $100 (a zero budget counts as none, as in the original), a fixed price, available `today`
 * (YYYY-MM-DD in the business's own day), flagged as accepted as-is.
 */
export function acceptAsIsDefaults(
  request: AcceptAsIsSource,
  today: string,
): ResponseData & { priceType: PriceType; isAcceptedAsIs: true } {
  return {
    message: acceptAsIsMessage(request.title),
    quotedPrice: positive(request.budgetMin) ?? positive(request.budgetMax) ?? DEFAULT_QUOTED_PRICE,
    priceType: 'fixed',
    availabilityDate: today,
    availabilityTime: null,
    estimatedDuration: null,
    termsConditions: null,
    engagementNotes: null,
    images: [],
    isAcceptedAsIs: true,
  };
}

/** The custom form's starting price: the budget minimum or $100 (spec 3 §9). */
export function defaultQuotedPrice(request: Omit<AcceptAsIsSource, 'title'>): number {
  return positive(request.budgetMin) ?? DEFAULT_QUOTED_PRICE;
}

/** Urgency badge words of the respond card (spec 3 §2). */
export const URGENCY_LABELS: Record<string, string> = {
  urgent: 'URGENT',
  normal: 'Normal',
  low: 'Low Priority',
};

export function urgencyLabel(urgency: string, isUrgent = false): string {
  return isUrgent ? 'URGENT' : (URGENCY_LABELS[urgency] ?? 'Normal');
}
