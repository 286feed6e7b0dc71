/**
 * Administrator dashboard tabs (spec 3 "Admin dashboard"): the Business Directory with its
 * business-profile edit dialog, and the Request Audit.
 */
import { z } from 'zod';
import { EmailSchema, safeText } from '../accounts/auth';
import {
  isHttpUrl,
  isPhoneNumber,
  BUSINESS_PROFILE_MESSAGES,
  MAX_BUSINESS_DESCRIPTION_LENGTH,
} from '../businesses/business-profile';
import { MAX_BUSINESS_NAME_LENGTH, MAX_DISPLAY_NAME_LENGTH } from '../shared/constants';
import { DELIVERY_STATUSES } from './deliveries';
import { REQUEST_STATUSES } from '../shared/statuses';

export const ADMIN_DIRECTORY_PAGE_SIZE = 25;
export const ADMIN_DIRECTORY_PAGE_MAX = 100;
/** The Request Audit shows the latest 50 requests (spec 3 "Audit list: latest 50 requests"). */
export const REQUEST_AUDIT_LIMIT = 50;
/** The database allows a business service area from 1 to 1000 km (profiles_service_area_check). */
export const ADMIN_SERVICE_AREA_MAX_KM = 1000;
export const MAX_SERVICE_CATEGORIES = 60;

export const ADMIN_DIRECTORY_MESSAGES = {
  administratorsOnly: 'Only administrators can do that.',
  badCursor: 'That page cursor is not valid.',
  badLimit: `Limit must be a whole number from 1 to ${ADMIN_DIRECTORY_PAGE_MAX}.`,
  badUserId: 'Business not found.',
  notABusiness: 'Business not found.',
  // Ours: the directory's own load failure (the spec names none).
  directoryLoadFailed: 'Failed to load businesses',
  noBusinesses: 'No businesses yet',
  noMatches: 'No businesses match your search',
  // Spec 3 §errors and successes, verbatim.
  loadFailed: BUSINESS_PROFILE_MESSAGES.loadFailed,
  updateFailed: BUSINESS_PROFILE_MESSAGES.updateFailed,
  updated: 'Profile Updated',
  auditLoadFailed: 'Failed to load request audit data',
  // Ours: field errors of the edit dialog.
  serviceAreaInteger: `Service area must be a whole number of kilometres from 1 to ${ADMIN_SERVICE_AREA_MAX_KM}, or blank`,
  emailInvalid: 'Please enter a valid email address',
  categoryTooLong: 'A service category must be at most 100 characters',
  tooManyCategories: `Please choose at most ${MAX_SERVICE_CATEGORIES} services`,
} as const;

/**
 * What "Active requests" counts in the directory: requests this business has an offer still in play
 * on — its response is pending, in progress or accepted — and that are not archived. The same
 * definition as the dashboard's active offers (ACTIVE_OFFERS), so the column adds up to it.
 */
export const ADMIN_ACTIVE_REQUESTS_LABEL = 'Active requests';
export const ADMIN_ACTIVE_REQUESTS_HINT =
  'Requests this business has a pending, in-progress or accepted quote on (archived requests not counted).';

const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const AdminBusinessListQuerySchema = z.object({
  /** The nextCursor of the previous page (opaque). */
  cursor: z.preprocess(
    emptyAsAbsent,
    z
      .string()
      .max(600, ADMIN_DIRECTORY_MESSAGES.badCursor)
      .regex(/^[A-Za-z0-9_-]+$/, ADMIN_DIRECTORY_MESSAGES.badCursor)
      .optional(),
  ),
  limit: z.preprocess(
    emptyAsAbsent,
    z.coerce
      .number({ error: ADMIN_DIRECTORY_MESSAGES.badLimit })
      .int(ADMIN_DIRECTORY_MESSAGES.badLimit)
      .min(1, ADMIN_DIRECTORY_MESSAGES.badLimit)
      .max(ADMIN_DIRECTORY_PAGE_MAX, ADMIN_DIRECTORY_MESSAGES.badLimit)
      .default(ADMIN_DIRECTORY_PAGE_SIZE),
  ),
  /** Part of the business name, contact name or account email; blank means everyone. */
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z.string().max(100).optional(),
  ),
});
export type AdminBusinessListQuery = z.output<typeof AdminBusinessListQuerySchema>;

export const AdminBusinessParamsSchema = z.object({
  userId: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, ADMIN_DIRECTORY_MESSAGES.badUserId),
});

export const AdminBusinessSchema = z.object({
  userId: z.string(),
  /** The stored business name (null when none); the list shows `displayName` or the email without one. */
  businessName: z.string().nullable(),
  displayName: z.string().nullable(),
  accountEmail: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  areaLabel: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  serviceCategories: z.array(z.string()),
  serviceAreaKm: z.number().int().nullable(),
  notificationEmail: z.string().nullable(),
  /** See ADMIN_ACTIVE_REQUESTS_HINT. */
  activeRequests: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type AdminBusiness = z.infer<typeof AdminBusinessSchema>;

export const AdminBusinessPageSchema = z.object({
  items: z.array(AdminBusinessSchema),
  nextCursor: z.string().nullable(),
});
export type AdminBusinessPage = z.infer<typeof AdminBusinessPageSchema>;

/** A text field where blank means "none": trimmed, '' and whitespace become null. */
const optionalText = (max: number, tooLong: string, multiline = false) =>
  z.preprocess(
    (value) => (value === undefined ? null : value),
    z
      .string()
      .trim()
      .max(max, tooLong)
      .pipe(safeText({ multiline }))
      .nullable()
      .transform((v) => v || null),
  );

/**
 * The service area as the dialog types it: a whole number of kilometres, or blank for none. Accepts
 * a number or the text of one; '' / whitespace / null become null (spec: "blank becomes null").
 */
export const AdminServiceAreaSchema = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return null;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text === '') return null;
      return /^\d+$/.test(text) ? Number(text) : text;
    }
    return value;
  },
  z
    .number({ error: ADMIN_DIRECTORY_MESSAGES.serviceAreaInteger })
    .int(ADMIN_DIRECTORY_MESSAGES.serviceAreaInteger)
    .min(1, ADMIN_DIRECTORY_MESSAGES.serviceAreaInteger)
    .max(ADMIN_SERVICE_AREA_MAX_KM, ADMIN_DIRECTORY_MESSAGES.serviceAreaInteger)
    .nullable(),
);

/**
 * Categories as the dialog builds them: each trimmed, blanks dropped, duplicates (ignoring case)
 * kept once in their first spelling; at least one remains, since a business without categories would
 * be told of every request.
 */
export const AdminServiceCategoriesSchema = z.preprocess(
  (value) =>
    Array.isArray(value)
      ? value.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '')
      : value,
  z
    .array(z.string().max(100, ADMIN_DIRECTORY_MESSAGES.categoryTooLong).pipe(safeText()))
    .max(MAX_SERVICE_CATEGORIES, ADMIN_DIRECTORY_MESSAGES.tooManyCategories)
    .transform(uniqueCategories)
    .refine((list) => list.length > 0, BUSINESS_PROFILE_MESSAGES.serviceCategoriesRequired),
);

/** Trimmed, blank-free, each once ignoring case (first spelling kept). */
export function uniqueCategories(categories: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of categories) {
    const category = raw.trim();
    const key = category.toLowerCase();
    if (!category || seen.has(key)) continue;
    seen.add(key);
    out.push(category);
  }
  return out;
}

/**
 * Adds what was typed to the list (Enter or the plus button): blank input is ignored, and so is a
 * category already listed (ignoring case). Returns the same array when nothing changes.
 */
export function addCategory(categories: readonly string[], typed: string): readonly string[] {
  const category = typed.trim();
  if (!category) return categories;
  if (categories.some((c) => c.toLowerCase() === category.toLowerCase())) return categories;
  return [...categories, category];
}

/** PUT /api/admin/businesses/:userId: the edit dialog's whole form. */
export const AdminBusinessUpdateSchema = z.object({
  businessName: z
    .string({ error: BUSINESS_PROFILE_MESSAGES.businessNameRequired })
    .trim()
    .min(1, BUSINESS_PROFILE_MESSAGES.businessNameRequired)
    .max(MAX_BUSINESS_NAME_LENGTH, BUSINESS_PROFILE_MESSAGES.businessNameTooLong)
    .pipe(safeText()),
  displayName: optionalText(MAX_DISPLAY_NAME_LENGTH, BUSINESS_PROFILE_MESSAGES.contactPersonTooLong),
  phone: optionalText(40, BUSINESS_PROFILE_MESSAGES.phoneInvalid).refine(
    (v) => v === null || isPhoneNumber(v),
    BUSINESS_PROFILE_MESSAGES.phoneInvalid,
  ),
  address: optionalText(300, BUSINESS_PROFILE_MESSAGES.addressRequired),
  website: optionalText(500, BUSINESS_PROFILE_MESSAGES.websiteInvalid).refine(
    (v) => v === null || isHttpUrl(v),
    BUSINESS_PROFILE_MESSAGES.websiteInvalid,
  ),
  description: optionalText(
    MAX_BUSINESS_DESCRIPTION_LENGTH,
    BUSINESS_PROFILE_MESSAGES.descriptionTooLong,
    true,
  ),
  serviceCategories: AdminServiceCategoriesSchema,
  serviceAreaKm: AdminServiceAreaSchema,
  notificationEmail: optionalText(254, ADMIN_DIRECTORY_MESSAGES.emailInvalid).refine(
    (v) => v === null || EmailSchema.safeParse(v).success,
    ADMIN_DIRECTORY_MESSAGES.emailInvalid,
  ),
});
/** What the dialog sends (service area may be typed text). */
export type AdminBusinessUpdateInput = z.input<typeof AdminBusinessUpdateSchema>;
/** What the server stores after validation. */
export type AdminBusinessUpdate = z.output<typeof AdminBusinessUpdateSchema>;

/** One business told of a request: in-app (a new_request notification) and/or by email (outbox). */
export const AuditRecipientSchema = z.object({
  /** Null when the business's account has since been deleted (its email row remains). */
  userId: z.string().nullable(),
  businessName: z.string().nullable(),
  /** When it was first told, in-app or by email. */
  notifiedAt: z.string(),
  /** True when an in-app notification was written for it. */
  isInApp: z.boolean(),
  /** The latest email about this request to this business, or null when none was queued. */
  email: z
    .object({
      recipient: z.string(),
      status: z.enum(DELIVERY_STATUSES),
      queuedAt: z.string(),
      sentAt: z.string().nullable(),
    })
    .nullable(),
});
export type AuditRecipient = z.infer<typeof AuditRecipientSchema>;

export const AuditRequestSchema = z.object({
  id: z.string(),
  title: z.string(),
  serviceType: z.string(),
  serviceSubtype: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  isArchived: z.boolean(),
  requester: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
  createdAt: z.string(),
  /** Every business told of this request, first told first. */
  notified: z.array(AuditRecipientSchema),
});
export type AuditRequest = z.infer<typeof AuditRequestSchema>;

/** GET /api/admin/request-audit: the latest REQUEST_AUDIT_LIMIT requests, newest first. */
export const RequestAuditSchema = z.object({ items: z.array(AuditRequestSchema) });
export type RequestAudit = z.infer<typeof RequestAuditSchema>;
