/** Administrator exports (spec 3 Admin dashboard): businesses_export_{date}.csv and users_export_{date}.csv. */

export const ADMIN_EXPORT_MESSAGES = {
  administratorsOnly: 'Only administrators can export data.',
  noBusinesses: 'No businesses to export',
  noUsers: 'No users to export',
  businessesFailed: 'Failed to export businesses',
  usersFailed: 'Failed to export users',
} as const;

export const ADMIN_EXPORT_KINDS = ['businesses', 'users'] as const;
export type AdminExportKind = (typeof ADMIN_EXPORT_KINDS)[number];

/** Where each export is downloaded from. */
export const ADMIN_EXPORT_PATHS: Record<AdminExportKind, string> = {
  businesses: '/api/admin/exports/businesses.csv',
  users: '/api/admin/exports/users.csv',
};

/**
 * Business export columns. The first twelve are the bulk business upload's columns in its order
 * (spec 3 §3) without `password`, which is never exported, so an export can be read back by name by
 * the bulk upload; the administrator-only extras follow.
 */
export const BUSINESS_EXPORT_COLUMNS = [
  'email',
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
  'area_label',
  'user_id',
  'created_at',
] as const;
export type BusinessExportColumn = (typeof BUSINESS_EXPORT_COLUMNS)[number];

export const USER_EXPORT_COLUMNS = ['id', 'email', 'name', 'role', 'email_verified', 'created_at'] as const;
export type UserExportColumn = (typeof USER_EXPORT_COLUMNS)[number];

/** List cells (service categories, notification preferences) are joined like the bulk upload splits them. */
export const CSV_LIST_SEPARATOR = '; ';

/** `businesses_export_2026-05-04.csv`: the UTC date of `now`. */
export function adminExportFileName(kind: AdminExportKind, now: Date): string {
  return `${kind}_export_${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * CSV (formula) injection guard, after OWASP: spreadsheet programs run a cell that starts with =, +, -,
 * @, tab or carriage return as a formula, so such a cell gets a leading apostrophe, which makes it text.
 * Values that already start with apostrophes before one of those characters get one more, so the rule
 * can be undone exactly by `fromCsvSafeCell` (a phone number like +61… comes back unchanged on import).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED_START = /^'+[=+\-@\t\r]/;

export function toCsvSafeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The inverse of `toCsvSafeCell`, for reading an export back. */
export function fromCsvSafeCell(value: string): string {
  return GUARDED_START.test(value) ? value.slice(1) : value;
}

/** The file name in a Content-Disposition header (`attachment; filename="x.csv"`), or null. */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain parameter */
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name ? name : null;
}
