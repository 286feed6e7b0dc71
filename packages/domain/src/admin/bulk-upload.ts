import { z } from 'zod';
import { AUTH_MESSAGES, DisplayNameSchema, EmailSchema, NewPasswordSchema, safeText } from '../accounts/auth';
import { formatCount, formatNumber } from '../shared/format';
import {
  BUSINESS_NOTIFICATION_CHANNELS,
  BUSINESS_PROFILE_MESSAGES,
  BusinessProfileUpdateSchema,
  DEFAULT_BUSINESS_NOTIFICATION_CHANNELS,
  MAX_BUSINESS_DESCRIPTION_LENGTH,
  isHttpUrl,
  isPhoneNumber,
  isRetiredBusinessNotificationChannel,
  type BusinessNotificationChannel,
} from '../businesses/business-profile';
import { DEFAULT_BUSINESS_SERVICE_AREA_KM, MAX_BUSINESS_NAME_LENGTH } from '../shared/constants';

/**
 * Bulk business upload (spec 3 Admin dashboard, §3 columns and §5 rules): an administrator creates
 * many business accounts from one CSV file.
 */

export const BULK_UPLOAD_PATH = '/api/admin/businesses/bulk';

/** The columns in their order (spec 3 §3). */
export const BULK_BUSINESS_COLUMNS = [
  'email',
  'password',
  'business_name',
  'display_name',
  'phone',
  'address',
  'website',
  'google_reviews_url',
  'description',
  'service_categories',
  'service_area_km',
  'notification_preferences',
  'notification_email',
] as const;
export type BulkBusinessColumn = (typeof BULK_BUSINESS_COLUMNS)[number];

/** A row is dropped without these (spec 3 §5). */
export const BULK_REQUIRED_COLUMNS = ['email', 'password', 'business_name', 'service_categories'] as const;

/** service_categories and notification_preferences hold several values separated by semicolons. */
export const BULK_LIST_SEPARATOR = ';';

/** Limits of one upload: the file is read into memory, and every row is an account to create. */
export const BULK_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const BULK_UPLOAD_MAX_ROWS = 5000;
/** The database allows a business service area from 1 to 1000 km. */
export const BULK_SERVICE_AREA_MAX_KM = 1000;
export const BULK_MAX_SERVICE_CATEGORIES = 60;

export const BULK_UPLOAD_FILE_NAME_PATTERN = /\.csv$/i;

/** Spec 3 §5: the file name must end in .csv, whatever the case. */
export function isCsvFileName(name: string | null | undefined): boolean {
  return typeof name === 'string' && BULK_UPLOAD_FILE_NAME_PATTERN.test(name.trim());
}

export const BULK_UPLOAD_MESSAGES = {
  administratorsOnly: 'Only administrators can upload businesses.',
  // Spec 3 §5 and §8, verbatim.
  invalidFileTypeTitle: 'Invalid file type',
  invalidFileType: 'Please upload a CSV file.',
  noValidBusinesses: 'No valid businesses found',
  uploadFailedTitle: 'Upload failed',
  uploadFailed: 'Failed to process CSV file. Please check the format and try again.',
  completedWithErrorsTitle: 'Completed with errors',
  successTitle: 'Upload Successful',
  // Ours: the card and the limits.
  cardTitle: 'Bulk Business Upload',
  cardDescription:
    'Create many business accounts at once from a CSV file. The first line is a header; blank lines and lines starting with # are ignored.',
  chooseFile: 'CSV file',
  upload: 'Upload CSV',
  uploading: 'Uploading…',
  processing: 'Creating businesses…',
  downloadSample: 'Download sample CSV',
  noFile: 'Please choose a CSV file to upload.',
  tooLarge: `The file is too large. Please upload a CSV file smaller than ${BULK_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `The file has more than ${formatNumber(BULK_UPLOAD_MAX_ROWS)} businesses. Please split it into smaller files.`,
  failedRowsHeading: 'Rows not created',
  // Per-row errors.
  alreadyRegistered: 'This email is already registered',
  serviceCategoriesRequired: 'Please list at least one service category',
  tooManyServiceCategories: `Please list at most ${BULK_MAX_SERVICE_CATEGORIES} service categories`,
  serviceAreaInvalid: `Service area must be a whole number of kilometres from 1 to ${BULK_SERVICE_AREA_MAX_KM}`,
  notificationEmailInvalid: 'Notification email is not a valid email address',
  notCreated: 'This business could not be created. Please check the row and try again.',
} as const;

export function bulkMissingColumnsMessage(columns: readonly string[]): string {
  return `Missing ${columns.join(', ')}`;
}

export function bulkDuplicateEmailMessage(firstLine: number): string {
  return `This email is already on line ${firstLine} of the file`;
}

export function bulkUnknownPreferenceMessage(value: string): string {
  return `Unknown notification preference "${value}". Use ${BUSINESS_NOTIFICATION_CHANNELS.join(', ')}.`;
}

/** '3 businesses created' / '1 business created'. */
export function bulkCreatedText(count: number): string {
  return `${formatCount(count, 'business', 'businesses')} created`;
}

/** The summary line under the toast title: counts of created, failed and skipped rows. */
export function bulkUploadSummary(result: Pick<BulkUploadResult, 'created' | 'failed' | 'skipped'>): string {
  const parts = [bulkCreatedText(result.created)];
  if (result.failed.length > 0) {
    const n = result.failed.length;
    parts.push(`${formatCount(n, 'row')} failed`);
  }
  if (result.skipped > 0) {
    parts.push(
      `${formatNumber(result.skipped)} blank or comment ${result.skipped === 1 ? 'line' : 'lines'} skipped`,
    );
  }
  return `${parts.join(', ')}.`;
}

export const BulkUploadFailureSchema = z.object({
  /** The line of the file where the row starts (the header is line 1). */
  line: z.number().int(),
  email: z.string(),
  error: z.string(),
});
export type BulkUploadFailure = z.infer<typeof BulkUploadFailureSchema>;

/** The answer to a processed upload; `failed` non-empty means 'Completed with errors'. */
export const BulkUploadResultSchema = z.object({
  created: z.number().int(),
  failed: z.array(BulkUploadFailureSchema),
  /** Blank and comment lines ignored. */
  skipped: z.number().int(),
});
export type BulkUploadResult = z.infer<typeof BulkUploadResultSchema>;

/**
 * 'No valid businesses found' (400): the same counts, so the administrator sees why each row was
 * dropped.
 */
export const BulkUploadRejectedSchema = z.object({
  error: z.string(),
  message: z.string(),
  failed: z.array(BulkUploadFailureSchema),
  skipped: z.number().int(),
});

/** A row ready to become an account and its business profile. */
export interface BulkBusiness {
  email: string;
  password: string;
  businessName: string;
  displayName: string | null;
  phone: string | null;
  address: string | null;
  website: string | null;
  googleReviewsUrl: string | null;
  description: string | null;
  serviceCategories: string[];
  serviceAreaKm: number;
  notificationPreferences: BusinessNotificationChannel[];
  /** The account email when the column is blank, as registration's 'use account email'. */
  notificationEmail: string;
}

const categorySchema = BusinessProfileUpdateSchema.shape.serviceCategories.unwrap().element;

const optionalCell = <T extends z.ZodType<string>>(schema: T) =>
  z.string().transform((v, ctx) => {
    const text = v.trim();
    if (text === '') return null;
    const parsed = schema.safeParse(text);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid value' });
      return z.NEVER;
    }
    return parsed.data as string;
  });

const splitList = (value: string) => [
  ...new Set(
    value
      .split(BULK_LIST_SEPARATOR)
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  ),
];

/** One CSV row (cells by column, already trimmed of the formula guard) to a business, or the reason not. */
const BulkBusinessRowSchema = z
  .object({
    email: EmailSchema.transform((v) => v.toLowerCase()),
    // Passwords are taken as written: spaces may be part of them.
    password: NewPasswordSchema,
    business_name: z
      .string()
      .trim()
      .max(MAX_BUSINESS_NAME_LENGTH, BUSINESS_PROFILE_MESSAGES.businessNameTooLong)
      .pipe(safeText()),
    display_name: optionalCell(DisplayNameSchema),
    phone: optionalCell(z.string().refine(isPhoneNumber, BUSINESS_PROFILE_MESSAGES.phoneInvalid)),
    address: optionalCell(z.string().max(300, 'Address must be at most 300 characters').pipe(safeText())),
    website: optionalCell(z.string().max(500).refine(isHttpUrl, BUSINESS_PROFILE_MESSAGES.websiteInvalid)),
    google_reviews_url: optionalCell(
      z.string().max(500).refine(isHttpUrl, BUSINESS_PROFILE_MESSAGES.googleReviewsUrlInvalid),
    ),
    description: optionalCell(
      z
        .string()
        .max(MAX_BUSINESS_DESCRIPTION_LENGTH, BUSINESS_PROFILE_MESSAGES.descriptionTooLong)
        .pipe(safeText({ multiline: true })),
    ),
    service_categories: z
      .string()
      .transform(splitList)
      .pipe(
        z
          .array(categorySchema)
          .min(1, BULK_UPLOAD_MESSAGES.serviceCategoriesRequired)
          .max(BULK_MAX_SERVICE_CATEGORIES, BULK_UPLOAD_MESSAGES.tooManyServiceCategories),
      ),
    service_area_km: z.string().transform((v, ctx) => {
      const text = v.trim();
      if (text === '') return DEFAULT_BUSINESS_SERVICE_AREA_KM;
      const km = /^\d+$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(km) || km < 1 || km > BULK_SERVICE_AREA_MAX_KM) {
        ctx.addIssue({ code: 'custom', message: BULK_UPLOAD_MESSAGES.serviceAreaInvalid });
        return z.NEVER;
      }
      return km;
    }),
    notification_preferences: z.string().transform((v, ctx) => {
      const listed = splitList(v.toLowerCase());
      if (listed.length === 0) return [...DEFAULT_BUSINESS_NOTIFICATION_CHANNELS];
      // Retired choices (decision 029) in an older file are dropped, not refused.
      const items = listed.filter((item) => !isRetiredBusinessNotificationChannel(item));
      const unknown = items.find(
        (item) => !(BUSINESS_NOTIFICATION_CHANNELS as readonly string[]).includes(item),
      );
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: bulkUnknownPreferenceMessage(unknown) });
        return z.NEVER;
      }
      return items as BusinessNotificationChannel[];
    }),
    notification_email: optionalCell(
      z
        .string()
        .refine((v) => EmailSchema.safeParse(v).success, BULK_UPLOAD_MESSAGES.notificationEmailInvalid),
    ),
  })
  .transform((row): BulkBusiness => ({
    email: row.email,
    password: row.password,
    businessName: row.business_name,
    displayName: row.display_name,
    phone: row.phone,
    address: row.address,
    website: row.website,
    googleReviewsUrl: row.google_reviews_url,
    description: row.description,
    serviceCategories: row.service_categories,
    serviceAreaKm: row.service_area_km,
    notificationPreferences: row.notification_preferences,
    notificationEmail: row.notification_email ?? row.email,
  }));

export type BulkRowCheck = { isValid: true; business: BulkBusiness } | { isValid: false; error: string };

/**
 * Checks one row (cells by column name; a missing cell is blank). A row without email, password,
 * business_name or service_categories is dropped (spec 3 §5) with the missing columns named; any
 * other problem gives the first message.
 */
export function checkBulkBusinessRow(cells: Partial<Record<BulkBusinessColumn, string>>): BulkRowCheck {
  const full = Object.fromEntries(BULK_BUSINESS_COLUMNS.map((c) => [c, cells[c] ?? ''])) as Record<
    BulkBusinessColumn,
    string
  >;
  // The password is not trimmed, but a password of spaces only is as missing as an empty one.
  const missing = BULK_REQUIRED_COLUMNS.filter((c) => full[c].trim() === '');
  if (missing.length > 0) return { isValid: false, error: bulkMissingColumnsMessage(missing) };
  const parsed = BulkBusinessRowSchema.safeParse(full);
  if (!parsed.success) {
    return { isValid: false, error: parsed.error.issues[0]?.message ?? AUTH_MESSAGES.emailInvalid };
  }
  return { isValid: true, business: parsed.data };
}

/**
 * The sample file offered for download (business-upload-sample.csv): every column, a quoted field
 * with a comma, a comment line and the defaults left blank. Uploading it as-is creates two businesses.
 */
export const BULK_UPLOAD_SAMPLE_FILE_NAME = 'business-upload-sample.csv';
export const BULK_UPLOAD_SAMPLE_CSV = [
  BULK_BUSINESS_COLUMNS.join(','),
  '# Lines starting with # are ignored. service_categories and notification_preferences take several values separated by semicolons.',
  'owner@harbour-plumbing.example,Change-this-Passw0rd,Harbour Plumbing,Pat Nguyen,+61 2 9000 1234,Surry Hills NSW 2010,https://harbour-plumbing.example,,"Leaks, blocked drains and hot water, 7 days.",Plumbing;Handyman,25,email;sms,jobs@harbour-plumbing.example',
  'hello@sparkle-cleaning.example,Another-Passw0rd-2,Sparkle Cleaning,,,,,,,Cleaning;Window Cleaning,,,',
  '',
].join('\r\n');
