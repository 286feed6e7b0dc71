import { z } from 'zod';
import { notificationAction, type NotificationType } from './notifications';

/**
 * What leaves Grip besides the in-app bell: a text message and a web push per notification. Email
 * keeps its own wording per event (the server's services); these are the short forms.
 */

/**
 * Chat stays in the app and on push: a text per chat message would flood a phone (and the platform's
 * SMS bill). Every other notification goes by SMS to a user who turned SMS on and has a phone number.
 */
export function sendsSms(type: NotificationType | string): boolean {
  return type !== 'new_message';
}

/** The screen a notification opens from a push or a text: the bell's own click rule, as a path. */
export function notificationLink(
  notification: { type: string; relatedId: string | null },
  role?: string,
): string {
  const action = notificationAction(notification, role);
  if (action.kind === 'navigate') return action.to;
  // The review dialog opens from the bell; from outside the app, Job History lists the job to rate.
  if (action.kind === 'review') return '/history';
  return '/notifications';
}

/**
 * The words of a text: the title and the message cut at a word, short enough that with the link the
 * sender appends (an absolute URL to the screen) it stays within two SMS segments.
 */
export const SMS_TEXT_MAX_LENGTH = 220;

export function smsText(productName: string, notification: { title: string; message: string }): string {
  const head = `${productName}: ${notification.title}`;
  const room = SMS_TEXT_MAX_LENGTH - head.length - 3;
  let message = notification.message.replace(/\s+/g, ' ').trim();
  if (message.length > room) {
    const cut = message.slice(0, Math.max(0, room - 1));
    const atWord = cut.lastIndexOf(' ');
    message = `${(atWord > room / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
  }
  return message ? `${head} — ${message}` : head;
}

/** What the service worker receives in a push and shows as a system notification. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path within the app, opened when the notification is clicked. */
  url: z.string().startsWith('/'),
  /** The notification's id: a second push for the same notification replaces the first. */
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

const base64Url = (what: string, min: number, max: number) =>
  z
    .string()
    .min(min, `The browser's ${what} is not valid.`)
    .max(max, `The browser's ${what} is not valid.`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `The browser's ${what} is not valid.`);

/** A browser's PushSubscription.toJSON(), as posted when a user turns push on for this device. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z.url('The push endpoint must be a URL.').max(2048, 'The push endpoint is too long.'),
  keys: z.object({
    // An uncompressed P-256 point is 65 bytes (87 characters); the auth secret is 16 bytes (22).
    p256dh: base64Url('encryption key', 80, 100),
    auth: base64Url('auth secret', 16, 32),
  }),
  deviceLabel: z.string().trim().max(120).optional(),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

export const PushUnsubscribeInputSchema = z.object({
  endpoint: z.url('The push endpoint must be a URL.').max(2048, 'The push endpoint is too long.'),
});

export const PushKeySchema = z.object({ publicKey: z.string() });

export const PUSH_MESSAGES = {
  label: 'Push notifications on this device',
  description: 'Get a notification on this device when something happens, even with Grip closed.',
  unsupported: 'This browser cannot show push notifications.',
  blocked: 'Notifications are blocked for this site. Allow them in your browser settings, then try again.',
  enabled: 'Push notifications are on for this device.',
  disabled: 'Push notifications are off for this device.',
  failed: 'Could not change push notifications. Please try again.',
} as const;

/**
 * The number a text can go to: the profile's phone in international form (+ and 8 to 15 digits,
 * spaces, dots, dashes and brackets ignored), or null. A local number without its country code
 * cannot be dialled by a provider, so it gets no texts rather than a guess.
 */
export function smsNumber(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const compact = phone.replace(/[\s.\-()]/g, '');
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
}
