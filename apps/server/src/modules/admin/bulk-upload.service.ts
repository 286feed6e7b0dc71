import {
  BULK_BUSINESS_COLUMNS,
  BULK_REQUIRED_COLUMNS,
  BULK_UPLOAD_MAX_ROWS,
  BULK_UPLOAD_MESSAGES,
  MAX_DISPLAY_NAME_LENGTH,
  bulkDuplicateEmailMessage,
  checkBulkBusinessRow,
  fromCsvSafeCell,
  isCsvFileName,
  type BulkBusiness,
  type BulkBusinessColumn,
  type BulkUploadFailure,
  type BulkUploadResult,
} from '@grip/domain';
import { isAPIError } from 'better-auth/api';
import { CsvError, parse } from 'csv-parse';
import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import type { profiles } from '../../db/schema';
import { AppError, Invalid } from '../../lib/errors';
import { geocodeBusinessAddress, type BusinessGeocoder } from '../profiles/business-profile.service';
import { updateProfile } from '../profiles/profiles.repository';
import { deleteAccount, deleteSessionsOf, findRegisteredEmails } from './bulk-upload.repository';

export interface BulkUploadDeps {
  db: Db;
  auth: Auth;
  /** When given, addresses are placed on the map like registration does; unknown places fail the row. */
  geocoder?: BusinessGeocoder;
  log?: FastifyBaseLogger;
}

/** Accounts created at the same time: password hashing runs on libuv's four threads. */
const CONCURRENCY = 4;

/** 'No valid businesses found', with the reasons per row so the administrator can fix the file. */
export class NoValidBusinesses extends Invalid {
  constructor(
    readonly failed: BulkUploadFailure[],
    readonly skipped: number,
  ) {
    super(BULK_UPLOAD_MESSAGES.noValidBusinesses);
  }
}

export interface CsvRow {
  /** The line the row starts on (the header is line 1). */
  line: number;
  cells: Partial<Record<BulkBusinessColumn, string>>;
}

/**
 * Reads the file (spec 3 §5): the first record is the header and is skipped, blank lines and lines
 * starting with # are ignored (a # inside a line is text), quoted fields may hold commas, quotes and
 * line breaks. A row with too few cells is kept (its missing cells are blank) so it is reported, not
 * thrown. When the header names every required column the cells are read by name (an edited export
 * with reordered columns still works); otherwise by position, in the spec's column order.
 */
export async function parseBulkCsv(text: string): Promise<{ rows: CsvRow[]; skipped: number }> {
  // One line-break style, so line numbers count the way an editor shows them (csv-parse counts a
  // CRLF inside quotes twice).
  const normalized = text.replace(/\r\n?/g, '\n');
  const parser = parse(normalized, {
    bom: true,
    comment: '#',
    comment_no_infix: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    info: true,
  });
  let columns: (BulkBusinessColumn | null)[] | null = null;
  const rows: CsvRow[] = [];
  let blankRows = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const breaks = record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
      const line = info.lines - breaks;
      if (columns === null) {
        columns = columnsOf(record);
        continue;
      }
      // A line of spaces or bare commas is as blank as an empty one.
      if (record.every((cell) => cell.trim() === '')) {
        blankRows += 1;
        continue;
      }
      if (rows.length >= BULK_UPLOAD_MAX_ROWS) throw new Invalid(BULK_UPLOAD_MESSAGES.tooManyRows);
      const cells: Partial<Record<BulkBusinessColumn, string>> = {};
      columns.forEach((column, i) => {
        const cell = record[i];
        if (column === null || cell === undefined) return;
        // The password is taken exactly as written; other cells may carry the export's formula guard.
        cells[column] = column === 'password' ? cell : fromCsvSafeCell(cell);
      });
      rows.push({ line, cells });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof CsvError) {
      const where = typeof error.lines === 'number' ? ` (line ${error.lines})` : '';
      throw new Invalid(`${BULK_UPLOAD_MESSAGES.uploadFailed}${where}`);
    }
    throw error;
  }
  const info = parser.info;
  // csv-parse counts the empty "line" after a final line break too; an editor shows none there.
  const emptyLines = Math.max(0, info.empty_lines - (normalized.endsWith('\n') ? 1 : 0));
  return { rows, skipped: info.comment_lines + emptyLines + blankRows };
}

function columnsOf(header: string[]): (BulkBusinessColumn | null)[] {
  const names = header.map((cell) => fromCsvSafeCell(cell).trim().toLowerCase().replace(/\s+/g, '_'));
  const known = (name: string): name is BulkBusinessColumn =>
    (BULK_BUSINESS_COLUMNS as readonly string[]).includes(name);
  if (BULK_REQUIRED_COLUMNS.every((c) => names.includes(c))) {
    // First occurrence wins when a name repeats.
    return names.map((name, i) => (known(name) && names.indexOf(name) === i ? name : null));
  }
  return [...BULK_BUSINESS_COLUMNS];
}

/**
 * Creates one business account per valid row. Rows are independent: each is its own sign-up and
 * profile update, so one bad row never loses the others. An email that already has an account is
 * reported and left untouched; a repeated email in the file is created once (its first valid row).
 */
export async function importBusinesses(
  deps: BulkUploadDeps,
  file: { fileName: string | null | undefined; text: string },
): Promise<BulkUploadResult> {
  if (!isCsvFileName(file.fileName)) throw new Invalid(BULK_UPLOAD_MESSAGES.invalidFileType);
  const { rows, skipped } = await parseBulkCsv(file.text);

  const failed: BulkUploadFailure[] = [];
  const valid: { line: number; business: BulkBusiness }[] = [];
  const firstLineOf = new Map<string, number>();
  for (const row of rows) {
    const email = (row.cells.email ?? '').trim();
    const check = checkBulkBusinessRow(row.cells);
    if (!check.isValid) {
      failed.push({ line: row.line, email, error: check.error });
      continue;
    }
    const first = firstLineOf.get(check.business.email);
    if (first !== undefined) {
      failed.push({ line: row.line, email, error: bulkDuplicateEmailMessage(first) });
      continue;
    }
    firstLineOf.set(check.business.email, row.line);
    valid.push({ line: row.line, business: check.business });
  }
  if (valid.length === 0) throw new NoValidBusinesses(failed, skipped);

  const registered = await findRegisteredEmails(
    deps.db,
    valid.map((v) => v.business.email),
  );
  const places = new Map<string, Promise<Partial<typeof profiles.$inferInsert>>>();
  let created = 0;
  await forEachLimited(valid, CONCURRENCY, async ({ line, business }) => {
    if (registered.has(business.email)) {
      failed.push({ line, email: business.email, error: BULK_UPLOAD_MESSAGES.alreadyRegistered });
      return;
    }
    try {
      await createBusiness(deps, business, places);
      created += 1;
    } catch (error) {
      failed.push({ line, email: business.email, error: rowErrorMessage(deps, error, business.email) });
    }
  });
  failed.sort((a, b) => a.line - b.line);
  return { created, failed, skipped };
}

/** What a profile without a place looks like to registration's geocoding step. */
/** A new account has no address or point yet. */
const NO_LOCATION = { address: null, latitude: null, longitude: null };

async function createBusiness(
  deps: BulkUploadDeps,
  business: BulkBusiness,
  places: Map<string, Promise<Partial<typeof profiles.$inferInsert>>>,
): Promise<void> {
  // The place first: a row whose address cannot be found creates no account at all.
  let location: Partial<typeof profiles.$inferInsert> = {};
  if (business.address) {
    const { geocoder } = deps;
    if (geocoder) {
      // The same address appears on many rows of a typical file: looked up once.
      const key = business.address.toLowerCase();
      let place = places.get(key);
      if (!place) {
        // Registration's own step: same fields, same refusal of unknown places.
        place = geocodeBusinessAddress({ db: deps.db, geocoder }, NO_LOCATION, business.address);
        places.set(key, place);
      }
      location = await place;
    } else {
      location = { address: business.address };
    }
  }

  // Through the auth library like any sign-up: it hashes the password, and its hooks apply the
  // password policy and create the business-owner profile from the extra fields role and businessName
  // (see auth/auth.ts).
  const body = {
    email: business.email,
    password: business.password,
    name: (business.displayName ?? business.businessName).slice(0, MAX_DISPLAY_NAME_LENGTH),
    role: 'business_owner',
    businessName: business.businessName,
  };
  const signedUp = await deps.auth.api.signUpEmail({ body });
  const userId = signedUp.user.id;
  try {
    await updateProfile(deps.db, userId, {
      ...location,
      role: 'business_owner',
      businessName: business.businessName,
      displayName: business.displayName ?? business.businessName,
      phone: business.phone,
      website: business.website,
      googleReviewsUrl: business.googleReviewsUrl,
      description: business.description,
      serviceCategories: business.serviceCategories,
      serviceAreaKm: business.serviceAreaKm,
      notificationPreferences: business.notificationPreferences,
      notificationEmail: business.notificationEmail,
    });
    await deleteSessionsOf(deps.db, userId);
  } catch (error) {
    // Half a business (an account without its profile) would sign in as a customer: undo it.
    await deleteAccount(deps.db, userId).catch((undo: unknown) =>
      deps.log?.error({ err: undo, userId }, 'bulk upload: could not remove a half-created account'),
    );
    throw error;
  }
}

const USER_EXISTS_CODES = new Set(['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL']);

/**
 * The reason shown for a row. Ours (AppError, including the address service's 'try again later')
 * and the auth library's refusals are plain words; anything else is logged and summarised.
 */
function rowErrorMessage(deps: BulkUploadDeps, error: unknown, email: string): string {
  if (isAPIError(error)) {
    const code = (error.body as { code?: unknown } | undefined)?.code;
    // Another upload or a sign-up took the email after the check above.
    if (typeof code === 'string' && USER_EXISTS_CODES.has(code)) {
      return BULK_UPLOAD_MESSAGES.alreadyRegistered;
    }
    if (error.statusCode < 500 && error.message) return error.message;
  }
  if (error instanceof AppError) return error.message;
  deps.log?.error({ err: error, email }, 'bulk upload: a business could not be created');
  return BULK_UPLOAD_MESSAGES.notCreated;
}

/** Runs `task` over the items with at most `limit` at a time. */
async function forEachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
