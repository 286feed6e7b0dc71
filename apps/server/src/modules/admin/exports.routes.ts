import { Readable, pipeline } from 'node:stream';
import {
  ADMIN_EXPORT_MESSAGES,
  ADMIN_EXPORT_PATHS,
  BUSINESS_EXPORT_COLUMNS,
  CSV_LIST_SEPARATOR,
  USER_EXPORT_COLUMNS,
  adminExportFileName,
  toCsvSafeCell,
  type AdminExportKind,
  type BusinessExportColumn,
  type UserExportColumn,
} from '@grip/domain';
import { stringify } from 'csv-stringify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { NotFound } from '../../lib/errors';
import {
  listBusinessesForExport,
  listUsersForExport,
  type BusinessExportRow,
  type UserExportRow,
} from './exports.repository';
import { refuseNonAdministratorsWith, requireAdministrator } from './require-administrator';

/** Rows read per query while streaming: large enough to be quick, small enough to keep memory flat. */
export const EXPORT_PAGE_SIZE = 500;

function businessRecord(row: BusinessExportRow): Record<BusinessExportColumn, string> {
  return {
    email: row.email,
    business_name: row.businessName ?? '',
    display_name: row.displayName ?? '',
    phone: row.phone ?? '',
    address: row.address ?? '',
    website: row.website ?? '',
    google_reviews_url: row.googleReviewsUrl ?? '',
    description: row.description ?? '',
    service_categories: row.serviceCategories.join(CSV_LIST_SEPARATOR),
    service_area_km: row.serviceAreaKm === null ? '' : String(row.serviceAreaKm),
    notification_preferences: row.notificationPreferences.join(CSV_LIST_SEPARATOR),
    notification_email: row.notificationEmail ?? '',
    area_label: row.areaLabel ?? '',
    user_id: row.userId,
    created_at: row.createdAt.toISOString(),
  };
}

function userRecord(row: UserExportRow): Record<UserExportColumn, string> {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role ?? 'user',
    email_verified: row.emailVerified ? 'true' : 'false',
    created_at: row.createdAt.toISOString(),
  };
}

/** Every row after the first page, fetched a page at a time only as the stream asks for more. */
async function* pagesFrom<Row>(first: Row[], nextPage: (after: Row) => Promise<Row[]>): AsyncGenerator<Row> {
  let page = first;
  while (page.length > 0) {
    yield* page;
    const last = page.at(-1)!;
    page = page.length < EXPORT_PAGE_SIZE ? [] : await nextPage(last);
  }
}

/**
 * Replies with the rows as a CSV download, streamed: rows go through the stringifier as they are read,
 * so the whole table is never in memory. The first page is read before anything is sent, so an empty
 * table is an ordinary 404 with the spec's text and a database error before the stream is a normal
 * error answer. Every cell goes through the formula-injection guard (see toCsvSafeCell).
 */
function sendCsv<Row>(
  reply: FastifyReply,
  kind: AdminExportKind,
  columns: readonly string[],
  first: Row[],
  nextPage: (after: Row) => Promise<Row[]>,
  toRecord: (row: Row) => Record<string, string>,
) {
  const stringifier = stringify({
    header: true,
    columns: [...columns],
    // Excel reads a CSV as UTF-8 only with a byte-order mark; CSV parsers skip it with `bom: true`.
    bom: true,
    // The library quotes cells with commas, quotes or newlines; a lone carriage return needs quoting too.
    quoted_match: /[\r\n]/,
  });
  const records = Readable.from(
    (async function* () {
      for await (const row of pagesFrom(first, nextPage)) {
        const record = toRecord(row);
        for (const key of Object.keys(record)) record[key] = toCsvSafeCell(record[key]!);
        yield record;
      }
    })(),
  );
  // A failure after the headers are sent can only abort the download: pipeline destroys the
  // stringifier with the error, and Fastify logs it and closes the connection.
  pipeline(records, stringifier, () => {});
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${adminExportFileName(kind, new Date())}"`)
    .header('Cache-Control', 'no-store')
    .send(stringifier);
}

/**
 * CSV exports for administrators (spec 3 Admin dashboard): businesses_export_{date}.csv and
 * users_export_{date}.csv. Registered by buildApp with `{ db }`.
 */
export async function adminExportRoutes(app: FastifyInstance, opts: { db: Db }) {
  refuseNonAdministratorsWith(app, ADMIN_EXPORT_MESSAGES.administratorsOnly);
  const { db } = opts;

  app.get(ADMIN_EXPORT_PATHS.businesses, { schema: { tags: ['admin'] } }, async (request, reply) => {
    await requireAdministrator(request, db, ADMIN_EXPORT_MESSAGES.administratorsOnly);
    const first = await listBusinessesForExport(db, null, EXPORT_PAGE_SIZE);
    if (first.length === 0) throw new NotFound(ADMIN_EXPORT_MESSAGES.noBusinesses);
    return sendCsv(
      reply,
      'businesses',
      BUSINESS_EXPORT_COLUMNS,
      first,
      (last) => listBusinessesForExport(db, last.userId, EXPORT_PAGE_SIZE),
      businessRecord,
    );
  });

  app.get(ADMIN_EXPORT_PATHS.users, { schema: { tags: ['admin'] } }, async (request, reply) => {
    await requireAdministrator(request, db, ADMIN_EXPORT_MESSAGES.administratorsOnly);
    const first = await listUsersForExport(db, null, EXPORT_PAGE_SIZE);
    if (first.length === 0) throw new NotFound(ADMIN_EXPORT_MESSAGES.noUsers);
    return sendCsv(
      reply,
      'users',
      USER_EXPORT_COLUMNS,
      first,
      (last) => listUsersForExport(db, last.id, EXPORT_PAGE_SIZE),
      userRecord,
    );
  });
}
