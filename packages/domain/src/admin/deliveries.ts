import { z } from 'zod';
import { pageSchema } from '../requests/api-requests';

/**
 * Deliveries (admin): the emails, SMS and push messages in the server's outbox, for administrators to
 * read — including the ones that were only stored because no provider is configured. The channel and
 * status values mirror the outbox table's check constraints.
 */
export const DELIVERY_CHANNELS = ['email', 'sms', 'push'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** pending → sending → sent | logged; failed after the last attempt; unknown when a send was cut off. */
export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'logged', 'failed', 'unknown'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Messages that carry a secret acting for the account: a password-reset link, an address-confirmation
 * link (it signs in). Administrators see that one went out (to whom, when, with what status) but
 * never its text or link, and the server wipes the secret from its outbox once the message is
 * settled (sent, stored, failed or unknown): docs/decisions/020. Two-factor codes come from an
 * authenticator app and are never sent; a new kind of message with a token or code must be listed here.
 */
export const SECRET_DELIVERY_TOPICS = ['reset_password', 'verify_email'] as const;
export type SecretDeliveryTopic = (typeof SECRET_DELIVERY_TOPICS)[number];

export const DELIVERY_PAGE_SIZE = 25;
export const DELIVERY_PAGE_MAX = 100;
/** A list item carries this much of the text; the detail carries all of it. */
export const DELIVERY_PREVIEW_CHARS = 500;

export const DELIVERY_MESSAGES = {
  administratorsOnly: 'Only administrators can see deliveries.',
  badChannel: 'Channel must be email, sms or push.',
  badStatus: 'Status must be pending, sending, sent, logged, failed or unknown.',
  badCursor: 'That page cursor is not valid.',
  badLimit: 'Limit must be a whole number from 1 to 100.',
  badId: 'That is not a delivery id.',
  notFound: 'Delivery not found.',
  secretHidden:
    "Hidden: this message carries a one-time link that acts for the recipient's account, so only they can read it. It is deleted from the server once delivered.",
} as const;

/** An empty query value (`?channel=`) means "any", as if it were left out. */
const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const DeliveryListQuerySchema = z.object({
  channel: z.preprocess(
    emptyAsAbsent,
    z.enum(DELIVERY_CHANNELS, { error: DELIVERY_MESSAGES.badChannel }).optional(),
  ),
  status: z.preprocess(
    emptyAsAbsent,
    z.enum(DELIVERY_STATUSES, { error: DELIVERY_MESSAGES.badStatus }).optional(),
  ),
  /** The nextCursor of the previous page: the id of its last (oldest) delivery. */
  cursor: z.preprocess(
    emptyAsAbsent,
    z
      .string()
      .regex(/^[1-9]\d{0,15}$/, DELIVERY_MESSAGES.badCursor)
      .transform(Number)
      .optional(),
  ),
  limit: z.preprocess(
    emptyAsAbsent,
    z.coerce
      .number({ error: DELIVERY_MESSAGES.badLimit })
      .int(DELIVERY_MESSAGES.badLimit)
      .min(1, DELIVERY_MESSAGES.badLimit)
      .max(DELIVERY_PAGE_MAX, DELIVERY_MESSAGES.badLimit)
      .default(DELIVERY_PAGE_SIZE),
  ),
});
export type DeliveryListQuery = z.output<typeof DeliveryListQuerySchema>;

export const DeliveryIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, DELIVERY_MESSAGES.badId)
    .transform(Number),
});

export const DeliverySchema = z.object({
  id: z.number().int(),
  channel: z.enum(DELIVERY_CHANNELS),
  /** What it is about, e.g. 'verify_email', 'reset_password', 'new_request'. */
  topic: z.string(),
  recipient: z.string(),
  /** Email subject, SMS text or push title (the topic when the payload has none). */
  summary: z.string(),
  /** Email text, SMS text or push body; in a list, only its first DELIVERY_PREVIEW_CHARS characters. */
  text: z.string(),
  /** True when `text` was shortened for the list: the detail has all of it. */
  isTextTruncated: z.boolean(),
  /** Email or SMS link, push url. */
  link: z.string().nullable(),
  /**
   * A message with a secret (SECRET_DELIVERY_TOPICS): `text` is DELIVERY_MESSAGES.secretHidden and
   * `link` null, whatever its status.
   */
  isRedacted: z.boolean(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const DeliveryPageSchema = pageSchema(DeliverySchema);
export type DeliveryPage = z.infer<typeof DeliveryPageSchema>;

export const DELIVERY_CHANNEL_LABELS: Record<DeliveryChannel, string> = {
  email: 'Email',
  sms: 'SMS',
  push: 'Push',
};

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent',
  logged: 'Stored, not sent',
  failed: 'Failed',
  unknown: 'Unknown',
};

/** Badge tone per status: colour plus the word, the same wherever a delivery is shown. */
export const DELIVERY_STATUS_TONES: Record<
  DeliveryStatus,
  'neutral' | 'success' | 'warning' | 'info' | 'danger'
> = {
  pending: 'warning',
  sending: 'info',
  sent: 'success',
  logged: 'neutral',
  failed: 'danger',
  unknown: 'danger',
};

const PROVIDER_NAMES: Record<DeliveryChannel, string> = {
  email: 'email server (SMTP)',
  sms: 'SMS provider',
  push: 'push service',
};

/**
 * One plain sentence on what happened to a delivery, for the administrator; null when the badge says
 * it all. 'logged' is spelled out because it looks like success but nobody received anything.
 */
export function deliveryStatusNote(delivery: {
  channel: DeliveryChannel;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
}): string | null {
  switch (delivery.status) {
    case 'logged':
      return `Stored, not sent: no ${PROVIDER_NAMES[delivery.channel]} is configured, so nobody received it.`;
    case 'unknown':
      return delivery.lastError ?? 'The send was interrupted; it may or may not have arrived.';
    case 'failed':
      return `Not delivered after ${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}${
        delivery.lastError ? `: ${delivery.lastError}` : '.'
      }`;
    case 'pending':
      return delivery.attempts > 0
        ? `Will try again${delivery.lastError ? ` (last error: ${delivery.lastError})` : ''}.`
        : null;
    default:
      return null;
  }
}
