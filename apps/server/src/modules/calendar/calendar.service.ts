import { createHash, randomBytes } from 'node:crypto';
import {
  agreedTimeOf,
  BOOKED_OFFER,
  bookingEventDescription,
  CALENDAR_FEED_MAX_EVENTS,
  CALENDAR_MESSAGES,
  calendarFeedStartDate,
  calendarSequence,
  calendarWindowOf,
  CANCELLED_OFFER,
  type BookingParty,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
} from '@grip/domain';
import type { Db } from '../../db/client';
import { Conflict, NotFound } from '../../lib/errors';
import { assertId } from '../requests/requests.service';
import {
  deleteFeed,
  findBookingEvent,
  findFeed,
  findFeedOwner,
  listFeedEvents,
  saveFeed,
  type BookingEventRow,
} from './calendar.repository';
import { writeCalendar, type IcsEvent } from './ics';

export interface CalendarDeps {
  db: Db;
  /** The app's public address: event links, UIDs and the feed URL are made from it. */
  publicUrl: string;
}

/** 32 random bytes, base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Only the token's SHA-256 is stored: a read of the database does not hand out anyone's feed. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A booking as an event for `userId`, or null when it has no date. The exact address goes to the
 * customer (their own request) and to the business only while the booking stands: a business whose
 * booking was cancelled no longer sees where the job was (as on its screens).
 */
function toEvent(row: BookingEventRow, userId: string, publicUrl: string): IcsEvent | null {
  const window = calendarWindowOf(agreedTimeOf(row, row), row.estimatedDuration);
  if (!window) return null;
  const viewer: BookingParty = row.customerUserId === userId ? 'customer' : 'business';
  const isCancelled = row.status === CANCELLED_OFFER;
  const link =
    viewer === 'customer'
      ? `${publicUrl}/confirmed`
      : `${publicUrl}/business-confirmed?job=${encodeURIComponent(row.id)}`;
  const showsAddress = viewer === 'customer' || row.status === BOOKED_OFFER;
  return {
    uid: `booking-${row.id}@${new URL(publicUrl).hostname}`,
    sequence: calendarSequence(row.acceptedMoves, isCancelled),
    lastModified: row.updatedAt,
    window,
    isCancelled,
    summary: row.title,
    description: bookingEventDescription({
      viewer,
      otherPartyName: viewer === 'customer' ? row.businessName : row.customerName,
      link,
      cancelledBy: isCancelled ? (row.cancelledBy ?? null) : null,
    }),
    location: showsAddress ? row.locationAddress : null,
    url: link,
  };
}

/**
 * GET /api/bookings/:responseId/calendar.ics: one booking for either of its parties. Anyone else is
 * told it does not exist, as for every booking read; a booking with no date has nothing to add.
 */
export async function bookingCalendarFile(
  deps: CalendarDeps,
  userId: string,
  responseId: string,
  now: Date,
): Promise<{ fileName: string; body: string }> {
  assertId(responseId, CALENDAR_MESSAGES.notFound);
  const [row] = await findBookingEvent(deps.db, userId, responseId);
  if (!row) throw new NotFound(CALENDAR_MESSAGES.notFound);
  const event = toEvent(row, userId, deps.publicUrl);
  if (!event) throw new Conflict(CALENDAR_MESSAGES.noDate);
  return {
    fileName: `grip-booking-${row.id}.ics`,
    body: writeCalendar({ now, events: [event] }),
  };
}

export async function feedStatus(db: Db, userId: string): Promise<CalendarFeedStatus> {
  const feed = await findFeed(db, userId);
  return { active: feed !== null, createdAt: feed?.createdAt.toISOString() ?? null };
}

/**
 * POST /api/me/calendar-feed: a new secret URL, replacing any earlier one (which stops working at
 * once). The URL is returned this once; only its token's hash is kept.
 */
export async function createFeed(
  deps: CalendarDeps,
  userId: string,
  now: Date,
): Promise<CalendarFeedCreated> {
  const token = randomBytes(32).toString('base64url');
  await saveFeed(deps.db, userId, hashOf(token), now);
  return { url: `${deps.publicUrl}/api/calendar/${token}.ics` };
}

export async function turnOffFeed(db: Db, userId: string): Promise<void> {
  await deleteFeed(db, userId);
}

/**
 * GET /api/calendar/:token.ics: the feed of the account the token belongs to, or not found — for a
 * token that is malformed, unknown, replaced or turned off, and for a deleted or suspended account.
 */
export async function feedCalendar(deps: CalendarDeps, token: string, now: Date): Promise<string> {
  if (!TOKEN.test(token)) throw new NotFound(CALENDAR_MESSAGES.feedNotFound);
  const userId = await findFeedOwner(deps.db, hashOf(token));
  if (!userId) throw new NotFound(CALENDAR_MESSAGES.feedNotFound);
  const rows = await listFeedEvents(deps.db, userId, calendarFeedStartDate(now), CALENDAR_FEED_MAX_EVENTS);
  const events = rows.flatMap((row) => toEvent(row, userId, deps.publicUrl) ?? []);
  return writeCalendar({ now, events, name: CALENDAR_MESSAGES.calendarName });
}
