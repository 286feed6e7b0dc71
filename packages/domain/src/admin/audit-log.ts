import { z } from 'zod';

/**
 * The audit log (decision 018): what accounts did that administrators may need to look back on,
 * read in the dashboard's Audit Log. Today: each move of a business's address.
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
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditEventPageSchema = z.object({
  items: z.array(AuditEventSchema),
  nextCursor: z.string().nullable(),
});
export type AuditEventPage = z.infer<typeof AuditEventPageSchema>;
