import { z } from 'zod';
import {
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASONS,
  type CancellationReason,
} from '../bookings/cancellation';
import { agreedTimeLabel } from '../bookings/reschedule';

/**
 * The audit log (decision 018): what accounts did that administrators may need to look back on,
 * read in the dashboard's Audit Log: each move of a business's address, and (issue 32) each cancelled
 * or moved booking, decided dispute and handled report.
 */

/** What the audit log records (audit_events.action). */
export const AUDIT_ACTIONS = [
  'business_address_changed',
  'booking_cancelled',
  'booking_rescheduled',
  'dispute_decided',
  'report_handled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_EVENT_PAGE_SIZE = 25;

export const AUDIT_EVENT_MESSAGES = {
  badCursor: 'That page cursor is not valid.',
  loadFailed: 'Failed to load the audit log',
  empty: 'No account changes recorded yet.',
} as const;

/** GET /api/admin/audit-events: `cursor` is the previous page's nextCursor. */
export const AuditEventQuerySchema = z.object({
  cursor: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[1-9]\d{0,17}$/, AUDIT_EVENT_MESSAGES.badCursor)
      .optional(),
  ),
});

const AuditPlaceSchema = z.object({ address: z.string().nullable(), area: z.string().nullable() });

export const AuditEventSchema = z.object({
  id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Null once the account was deleted. */
  actor: z
    .object({ userId: z.string(), name: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  /** business_address_changed: where from and to. */
  from: AuditPlaceSchema.nullable(),
  to: AuditPlaceSchema.nullable(),
  /** The other actions, in words (auditEventSummary); null for an address move, shown from and to. */
  summary: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditEventPageSchema = z.object({
  items: z.array(AuditEventSchema),
  nextCursor: z.string().nullable(),
});
export type AuditEventPage = z.infer<typeof AuditEventPageSchema>;

/** A stored event's details read field by field: they are JSON written by older and newer servers. */
function text(details: Record<string, unknown>, key: string): string | null {
  const value = details[key];
  return typeof value === 'string' && value ? value : null;
}

function timeText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return 'no date';
  const { date, time } = value as { date?: unknown; time?: unknown };
  return agreedTimeLabel({
    date: typeof date === 'string' ? date : null,
    time: typeof time === 'string' ? time : null,
  });
}

const isReason = (v: string | null): v is CancellationReason =>
  (CANCELLATION_REASONS as readonly string[]).includes(v ?? '');

const OUTCOME_WORDS: Record<string, string> = {
  for_customer: 'for the customer',
  for_business: 'for the business',
};

/**
 * What an event other than an address move records, in words for the Audit Log: a cancelled or
 * moved booking, a decided dispute, a handled report (issue 32).
 */
export function auditEventSummary(action: AuditAction, stored: unknown): string | null {
  const details = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const title = text(details, 'title') ?? 'a booking';
  const note = text(details, 'note');
  const withNote = note ? ` — ${note}` : '';
  switch (action) {
    case 'business_address_changed':
      return null;
    case 'booking_cancelled': {
      const reason = text(details, 'reason');
      const late = details.late === true ? ' (late)' : '';
      const why = isReason(reason) ? CANCELLATION_REASON_LABELS[reason] : 'no reason given';
      return `Cancelled “${title}” as the ${text(details, 'by') ?? 'party'}${late}: ${why}${withNote}`;
    }
    case 'booking_rescheduled':
      return `Moved “${title}” from ${timeText(details.from)} to ${timeText(details.to)}`;
    case 'dispute_decided': {
      const outcome = text(details, 'outcome') ?? '';
      const side = Object.hasOwn(OUTCOME_WORDS, outcome) ? OUTCOME_WORDS[outcome] : 'with no outcome';
      return `Decided the dispute on “${title}” ${side}${withNote}`;
    }
    case 'report_handled':
      return `Handled a report of a ${text(details, 'targetKind') ?? 'user'}: ${text(details, 'status') ?? 'handled'}${withNote}`;
  }
}
