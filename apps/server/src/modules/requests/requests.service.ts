import {
  REQUEST_LIFECYCLE,
  REQUEST_REFUSALS,
  type RequestFacts,
  REVIEW_MESSAGES,
  activeSince,
  HIRE_AGAIN_MESSAGES,
  DAY_MS,
  earliestLocalToday,
  type GeoPlace,
  formatCurrency,
  formatDate,
  isPastDate,
  matchTermsOf,
  REQUEST_MESSAGES,
  quotedRequestTitle,
  serviceLabel,
  suggestRequestTitle,
  type ListSectionName,
  type Role,
  type ServiceRequestData,
} from '@grip/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { enqueue } from '../../jobs/outbox';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors';
import { transition } from '../../lib/transition';
import { refuseIfBlocked } from '../blocks/blocks.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { assertOwnUploads } from '../uploads/uploads.service';
import { publicPointOf, storedPublicPoint } from '../privacy/location-privacy';
import { quotedRequestVersion } from './request-version';
import {
  archiveOlderThan,
  findHireAgainBusiness,
  findMyRequest,
  hasPendingReview,
  insertRequest,
  isEmailEnabled,
  listMyRequests,
  lockMyRequest,
  matchingBusinesses,
  openQuoteBusinesses,
  respondedBusinessIds,
  updateRequest,
  type MyRequestRow,
  type RequestRow,
} from './requests.repository';

/** The part of the geocoder the request service needs (modules/geo). */
export interface AddressLookup {
  geocode(address: string): Promise<GeoPlace | null>;
  reverse(latitude: number, longitude: number): Promise<GeoPlace | null>;
}

export interface RequestDeps {
  db: Db;
  geocoder: AddressLookup | null;
  publicUrl: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export const REQUEST_ERRORS = {
  notFound: 'Request not found.',
  reviewsPending: REVIEW_MESSAGES.gateBanner,
  ...REQUEST_REFUSALS,
  badCursor: 'The page cursor is not valid.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function assertId(id: string, message: string = REQUEST_ERRORS.notFound): void {
  if (!UUID.test(id)) throw new NotFound(message);
}

interface ResolvedLocation {
  latitude: number | null;
  longitude: number | null;
  areaLabel: string | null;
}

/**
 * Coordinates and the coarse area a business may see. The browser's coordinates win; otherwise the
 * address is geocoded (its area is then the suburb the address names). A geocoder failure never blocks a request: the address alone still works,
 * without an area.
 */
async function resolveLocation(deps: RequestDeps, data: ServiceRequestData): Promise<ResolvedLocation> {
  let latitude = data.latitude ?? null;
  let longitude = data.longitude ?? null;
  let place: GeoPlace | null = null;
  if (deps.geocoder) {
    try {
      // Coordinates are named by their public point's area (decision 018): a label read off the
      // exact point would tell businesses which side of a suburb's edge inside the cell it lies.
      const shown = publicPointOf(latitude, longitude);
      place = shown
        ? await deps.geocoder.reverse(shown.latitude, shown.longitude)
        : await deps.geocoder.geocode(data.location);
    } catch (err) {
      deps.log?.warn({ err }, 'geocoding a request address failed');
    }
  }
  if (place && (latitude === null || longitude === null)) {
    latitude = place.latitude;
    longitude = place.longitude;
  }
  // Only a geocoder's place names an area: text cut from the address could be the street, and
  // coordinates would pin the house.
  const areaLabel = place?.area || null;
  return { latitude, longitude, areaLabel };
}

/**
 * The title a request is stored with (decision 030): the customer's, else — for a client that sends
 * none — the one the form would have suggested for a new request, or the stored one for an edit (so an
 * older client's edit never renames the request, nor changes its terms for quoting businesses).
 */
function titleOf(data: ServiceRequestData, stored: string | null = null): string {
  return data.title || stored || suggestRequestTitle(data);
}

function fieldsOf(data: ServiceRequestData, location: ResolvedLocation, title: string) {
  return {
    serviceType: data.serviceType,
    serviceSubtype: data.serviceSubtype || null,
    title,
    description: data.description,
    locationAddress: data.location,
    areaLabel: location.areaLabel,
    latitude: location.latitude,
    longitude: location.longitude,
    serviceAreaKm: data.serviceAreaKm,
    preferredDate: data.preferredDate ?? null,
    preferredTime: data.preferredTime ?? null,
    timeFlexibility: data.timeFlexibility ?? null,
    flexibleDates: data.flexibleDates,
    budgetMin: String(data.budget),
    budgetMax: String(data.budget),
    budgetType: 'fixed' as const,
    urgency: data.isUrgent ? ('urgent' as const) : ('normal' as const),
    isUrgent: data.isUrgent,
    images: data.images,
  };
}

/** A preferred date may not be in the past; `unchanged` is the date already stored (editing keeps it). */
function checkDate(data: ServiceRequestData, now: Date, unchanged: string | null = null) {
  if (
    data.preferredDate &&
    data.preferredDate !== unchanged &&
    isPastDate(data.preferredDate, earliestLocalToday(now))
  ) {
    throw new Invalid(REQUEST_MESSAGES.preferredDateInPast, {
      preferredDate: REQUEST_MESSAGES.preferredDateInPast,
    });
  }
}

/**
 * The email a matching business gets about a new request: only the area, never the exact address.
 * `isInvited` is the Hire Again wording. Also used by the administrators' new-request email
 * debugging tool (admin/test-tools.routes.ts), so what they receive is exactly what businesses get.
 */
export function newRequestEmail(
  request: RequestRow,
  publicUrl: string,
  isInvited = false,
): { subject: string; text: string; link: string } {
  const where = request.areaLabel ? ` in ${request.areaLabel}` : '';
  const link = `${publicUrl}/respond/${request.id}`;
  const budget = request.budgetMin ? `Budget: ${formatCurrency(request.budgetMin)}\n` : '';
  const when = request.preferredDate
    ? `Preferred date: ${formatDate(new Date(`${request.preferredDate}T00:00:00Z`), { utc: true })}\n`
    : '';
  return {
    subject: isInvited
      ? `A past customer wants to hire you again: ${request.title}${where}`
      : `New ${request.isUrgent ? 'urgent ' : ''}request: ${request.title}${where}`,
    text: `${isInvited ? 'A customer you worked for before' : 'A customer'}${where} asked for quotes: ${quotedRequestTitle(request.title)} (${serviceLabel(request.serviceType, request.serviceSubtype)}).\n\n${request.description}\n\n${budget}${when}\nSend a quote: ${link}`,
    link,
  };
}

/**
 * Tells every matching business about a request, in the caller's transaction so the request never
 * exists without its notifications: an in-app notification each and, through the outbox, an email
 * when the platform switch, the business's preferences and an address allow. Businesses never get the
 * exact address here, only the area. `skip` leaves out businesses that already responded. `invited`
 * (Hire Again) is a business the customer hired before: when it still matches, it is told first and
 * personally. Returns how many were told and whether the invited business was among them.
 */
async function notifyMatchingBusinesses(
  tx: Tx,
  deps: RequestDeps,
  request: RequestRow,
  skip: ReadonlySet<string> = new Set(),
  invited: string | null = null,
): Promise<{ count: number; invitedNotified: boolean }> {
  const businesses = (
    await matchingBusinesses(tx, matchTermsOf(request), request.userId, {
      point: storedPublicPoint(request),
      radiusKm: request.serviceAreaKm,
    })
  )
    .filter((b) => !skip.has(b.userId))
    // The invited business first: its notification and email are written before anyone else's.
    .sort((a, b) => Number(b.userId === invited) - Number(a.userId === invited));
  const isInvited = (userId: string) => invited !== null && userId === invited;
  const where = request.areaLabel ? ` in ${request.areaLabel}` : '';
  await insertNotifications(
    tx,
    businesses.map((b) => ({
      userId: b.userId,
      type: 'new_request',
      title: isInvited(b.userId) ? 'A past customer wants to hire you again' : 'New service request',
      message: `${request.title}${where}`,
      relatedId: request.id,
    })),
  );
  if (businesses.length > 0 && (await isEmailEnabled(tx))) {
    await enqueue(
      tx,
      businesses
        .filter((b) => b.wantsEmail)
        .map((b) => ({
          channel: 'email' as const,
          topic: 'new_request',
          recipient: b.notificationEmail || b.email,
          requestId: request.id,
          userId: b.userId,
          payload: newRequestEmail(request, deps.publicUrl, isInvited(b.userId)),
        })),
    );
  }
  return { count: businesses.length, invitedNotified: businesses.some((b) => isInvited(b.userId)) };
}

/**
 * Posts a validated request as open and tells every matching business. Only customers post requests
 * (business owners and administrators have no customer home), and not while a completed job of theirs
 * awaits a review (the review gate, enforced here and not only in the browser).
 */
export async function createRequest(
  deps: RequestDeps,
  requester: { userId: string; role: Role },
  data: ServiceRequestData,
  now: Date,
): Promise<{
  request: RequestRow;
  matchedBusinesses: number;
  hireAgain: { businessName: string; notified: boolean } | null;
}> {
  checkDate(data, now);
  if (requester.role !== 'user') throw new Forbidden(REQUEST_MESSAGES.customersOnly);
  // Only the customer's own uploads: a request never points at someone else's files.
  await assertOwnUploads(deps.db, requester.userId, data.images);
  const location = await resolveLocation(deps, data);
  return deps.db.transaction(async (tx) => {
    if (await hasPendingReview(tx, requester.userId)) throw new Conflict(REQUEST_ERRORS.reviewsPending);
    const hired = data.hireAgainResponseId
      ? await findHireAgainBusiness(tx, requester.userId, data.hireAgainResponseId)
      : null;
    if (data.hireAgainResponseId && !hired) {
      throw new NotFound(HIRE_AGAIN_MESSAGES.jobNotFound);
    }
    // Issue 32: no request goes to a business a block stands between (either of them blocked).
    if (hired) await refuseIfBlocked(tx, requester.userId, hired.userId, 'request');
    const request = await insertRequest(tx, {
      ...fieldsOf(data, location, titleOf(data)),
      userId: requester.userId,
      status: REQUEST_LIFECYCLE.initial,
      createdAt: now,
      updatedAt: now,
    });
    const told = await notifyMatchingBusinesses(tx, deps, request, new Set(), hired?.userId ?? null);
    return {
      request,
      matchedBusinesses: told.count,
      hireAgain: hired ? { businessName: hired.businessName, notified: told.invitedNotified } : null,
    };
  });
}

/** The request lifecycle's facts of the customer's own request. */
function factsOf(row: MyRequestRow, now: Date): RequestFacts {
  return {
    hasAcceptedResponse: row.acceptedCompletionStatus !== null,
    latestActivityAt: row.latestActivityAt,
    isArchived: row.request.archivedAt !== null,
    now,
  };
}

async function requireMine(db: Db | Tx, userId: string, id: string): Promise<MyRequestRow> {
  assertId(id);
  const row = await findMyRequest(db, userId, id);
  // Someone else's request answers exactly like a missing one.
  if (!row) throw new NotFound(REQUEST_ERRORS.notFound);
  return row;
}

export async function getMyRequest(db: Db, userId: string, id: string): Promise<MyRequestRow> {
  return requireMine(db, userId, id);
}

export async function listMine(
  db: Db,
  userId: string,
  query: { section: ListSectionName; cursor?: string; limit: number },
  now: Date,
): Promise<{ items: MyRequestRow[]; nextCursor: string | null }> {
  if (query.cursor !== undefined && !UUID.test(query.cursor)) throw new Invalid(REQUEST_ERRORS.badCursor);
  const rows = await listMyRequests(
    db,
    userId,
    query.section,
    activeSince(now),
    query.limit + 1,
    query.cursor,
  );
  const items = rows.slice(0, query.limit);
  return { items, nextCursor: rows.length > query.limit ? (items.at(-1)?.request.id ?? null) : null };
}

/**
 * Edits the owner's request in place (until a quote is accepted). When what businesses see of it
 * changes (its version, decision 019), every business with an open quote is told in the app, in the
 * same transaction: its quote cannot be booked until it keeps it for the new details or edits it.
 */
export async function updateMyRequest(
  deps: RequestDeps,
  userId: string,
  id: string,
  data: ServiceRequestData,
  now: Date,
): Promise<void> {
  const current = await requireMine(deps.db, userId, id);
  checkDate(data, now, current.request.preferredDate);
  transition(REQUEST_LIFECYCLE, 'edit', 'customer', current.request.status, factsOf(current, now));
  await assertOwnUploads(deps.db, userId, data.images);
  const location = await resolveLocation(deps, data);
  await deps.db.transaction(async (tx) => {
    const locked = await lockMyRequest(tx, userId, id);
    if (!locked) throw new NotFound(REQUEST_ERRORS.notFound);
    const fresh = await findMyRequest(tx, userId, id);
    if (!fresh) throw new Conflict(REQUEST_ERRORS.notEditable);
    transition(REQUEST_LIFECYCLE, 'edit', 'customer', fresh.request.status, factsOf(fresh, now));
    await updateRequest(tx, id, {
      ...fieldsOf(data, location, titleOf(data, fresh.request.title)),
      updatedAt: now,
    });
    // Read back as stored ('10:00' is kept as '10:00:00', 120 as '120.00'), so only a real change counts.
    const edited = await lockMyRequest(tx, userId, id);
    if (!edited || quotedRequestVersion(edited) === quotedRequestVersion(locked)) return;
    // Only notifications are written: touching the responses here would take their locks after the
    // request's FOR UPDATE, the opposite order of a business answering its offer (a deadlock).
    const quoted = await openQuoteBusinesses(tx, id);
    await insertNotifications(
      tx,
      quoted.map((businessUserId) => ({
        userId: businessUserId,
        type: 'request_edited',
        title: 'Request changed',
        message: `${quotedRequestTitle(locked.title)} was changed — check your quote still fits`,
        relatedId: id,
      })),
    );
  });
}

/**
 * Sends a request out again: open, updated now, and matching businesses that have not answered it are
 * told again. Returns how many were told.
 */
export async function resubmitMyRequest(
  deps: RequestDeps,
  userId: string,
  id: string,
  now: Date,
): Promise<number> {
  assertId(id);
  return deps.db.transaction(async (tx) => {
    const locked = await lockMyRequest(tx, userId, id);
    if (!locked) throw new NotFound(REQUEST_ERRORS.notFound);
    const row = await findMyRequest(tx, userId, id);
    if (!row) throw new Conflict(REQUEST_ERRORS.notResubmittable);
    const status = transition(
      REQUEST_LIFECYCLE,
      'resubmit',
      'customer',
      row.request.status,
      factsOf(row, now),
    );
    // Sending a request out again asks businesses for work just like a new one: the gate applies.
    if (await hasPendingReview(tx, userId)) throw new Conflict(REQUEST_ERRORS.reviewsPending);
    await updateRequest(tx, id, { status, updatedAt: now, archivedAt: null });
    const request = { ...locked, status, updatedAt: now, archivedAt: null };
    return (await notifyMatchingBusinesses(tx, deps, request, await respondedBusinessIds(tx, id))).count;
  });
}

export async function setArchived(
  db: Db,
  userId: string,
  id: string,
  archived: boolean,
  now: Date,
): Promise<void> {
  assertId(id);
  await db.transaction(async (tx) => {
    const locked = await lockMyRequest(tx, userId, id);
    if (!locked) throw new NotFound(REQUEST_ERRORS.notFound);
    if (archived === (locked.archivedAt !== null)) return;
    await updateRequest(tx, id, { archivedAt: archived ? now : null });
  });
}

/** archive_old_requests: the owner's unarchived requests older than `daysOld` days (0 = all). */
export async function archiveOld(db: Db, userId: string, daysOld: number, now: Date): Promise<number> {
  const before = daysOld === 0 ? new Date(now.getTime() + 1) : new Date(now.getTime() - daysOld * DAY_MS);
  return archiveOlderThan(db, userId, before, now);
}
