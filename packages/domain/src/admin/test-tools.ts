import { z } from 'zod';
import { smsNumber } from '../notifications/deliveries';

/**
 * Test tools (admin): a test email, the new-request email of a real request sent to a chosen address,
 * a test SMS, and the places-search demo (spec 3 Admin dashboard). Each send is an outbox row, so it
 * shows in Deliveries like any other message.
 *
 * Test messages are sent even while the platform's Email or SMS switch is off: the switches stop
 * Grip's own notifications, and an administrator testing the mail server or SMS provider needs the
 * message to go out anyway. The screen says so next to the forms, and each answer says whether the
 * switch was off at the time.
 */

export const ADMIN_TEST_TOOL_MESSAGES = {
  administratorsOnly: 'Only administrators can use the test tools.',
  /** Spec 3: 'Email Required / Please enter an email address to test.' */
  emailRequiredTitle: 'Email Required',
  emailRequired: 'Please enter an email address to test.',
  emailInvalid: 'Please enter a valid email address.',
  /** Spec 3: 'Phone number required'; the number must include a country code. */
  phoneRequired: 'Phone number required',
  phoneCountryCode: 'Include the country code, starting with + (for example +61 412 345 678).',
  phoneInvalid: 'Please enter a valid phone number: + then the country code and number, 8 to 15 digits.',
  requestRequired: 'Please choose a request.',
  requestNotFound: 'Request not found.',
  /** Spec 3: admin demo search. */
  queryRequired: 'Please enter a search query',
  queryTooLong: 'Please use at most 100 characters.',
  rateLimited: 'Too many test messages. Please wait a minute and try again.',
  queued: 'Queued — see Deliveries below',
  sendFailed: 'Could not queue the test message. Please try again.',
  searchFailed: 'Search failed. Please try again.',
  noResults: 'No businesses match that search.',
  noOpenRequests: 'There are no open requests to use yet.',
  sentWhileEmailOff: 'Sent even while email notifications are off',
  sentWhileSmsOff: 'Sent even while SMS notifications are off',
  noSmtp: 'No SMTP server is configured: the email is stored and logged, not sent.',
  noSmsProvider: 'No SMS provider is configured: the text is stored and logged, not sent.',
  /** Spec 3 §8: a missing places key is reported as a configuration failure. */
  directoryOnly: 'Searching the business directory only (no places provider configured)',
  directoryAndProvider: 'Searching the business directory and the places provider',
  providerFailed: (reason: string) =>
    `The places provider failed (${reason}); showing the business directory only.`,
} as const;

/** Test sends per administrator per minute (all three tools together). */
export const ADMIN_TEST_SENDS_PER_MINUTE = 20;
/** Requests offered to the new-request email debugging tool: the latest open ones. */
export const ADMIN_TEST_REQUEST_CHOICES = 20;
export const PLACE_SEARCH_MAX_RESULTS = 20;
export const PLACE_QUERY_MAX_LENGTH = 100;

export const ADMIN_TEST_TOPICS = {
  email: 'test_email',
  sms: 'test_sms',
  newRequest: 'test_new_request',
} as const;

const emailAddress = z
  .string({ error: ADMIN_TEST_TOOL_MESSAGES.emailRequired })
  .trim()
  .min(1, ADMIN_TEST_TOOL_MESSAGES.emailRequired)
  .max(254, ADMIN_TEST_TOOL_MESSAGES.emailInvalid)
  .pipe(z.email({ error: ADMIN_TEST_TOOL_MESSAGES.emailInvalid }));

export const TestEmailInputSchema = z.object({ to: emailAddress });
export type TestEmailInput = z.input<typeof TestEmailInputSchema>;

export const TestNewRequestEmailInputSchema = z.object({
  requestId: z
    .string({ error: ADMIN_TEST_TOOL_MESSAGES.requestRequired })
    .trim()
    .min(1, ADMIN_TEST_TOOL_MESSAGES.requestRequired)
    .pipe(z.uuid({ error: ADMIN_TEST_TOOL_MESSAGES.requestNotFound })),
  to: emailAddress,
});
export type TestNewRequestEmailInput = z.input<typeof TestNewRequestEmailInputSchema>;

/**
 * Why a typed phone number cannot take a text, or null when it can: blank, no country code (a
 * local number a provider cannot dial), or not a number at all. Same rule as profiles' numbers.
 */
export function testPhoneError(value: string): string | null {
  const compact = value.replace(/[\s.\-()]/g, '');
  if (!compact) return ADMIN_TEST_TOOL_MESSAGES.phoneRequired;
  if (smsNumber(compact)) return null;
  return compact.startsWith('+')
    ? ADMIN_TEST_TOOL_MESSAGES.phoneInvalid
    : ADMIN_TEST_TOOL_MESSAGES.phoneCountryCode;
}

/** The number in international form (+ and digits only), as the SMS provider takes it. */
export const TestSmsInputSchema = z.object({
  to: z
    .string({ error: ADMIN_TEST_TOOL_MESSAGES.phoneRequired })
    .max(40, ADMIN_TEST_TOOL_MESSAGES.phoneInvalid)
    .superRefine((value, ctx) => {
      const message = testPhoneError(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => smsNumber(value) ?? value),
});
export type TestSmsInput = z.input<typeof TestSmsInputSchema>;

/** What a test send answers: the outbox row to find in Deliveries, and how it will go out. */
export const TestSendResultSchema = z.object({
  outboxId: z.number().int(),
  channel: z.enum(['email', 'sms']),
  topic: z.string(),
  recipient: z.string(),
  /** The platform switch for this channel at the time: off means only test messages go out. */
  isSwitchOn: z.boolean(),
  /** False when no SMTP server / SMS provider is configured: the row is stored and logged only. */
  isProviderConfigured: z.boolean(),
});
export type TestSendResult = z.infer<typeof TestSendResultSchema>;

/** An open request the debugging tool can use (no address: the email carries only the area). */
export const TestRequestChoiceSchema = z.object({
  id: z.string(),
  title: z.string(),
  areaLabel: z.string().nullable(),
  isUrgent: z.boolean(),
  createdAt: z.string(),
});
export type TestRequestChoice = z.infer<typeof TestRequestChoiceSchema>;
export const TestRequestChoicesSchema = z.object({ items: z.array(TestRequestChoiceSchema) });

export const PlaceSearchQuerySchema = z.object({
  q: z
    .string({ error: ADMIN_TEST_TOOL_MESSAGES.queryRequired })
    .trim()
    .min(1, ADMIN_TEST_TOOL_MESSAGES.queryRequired)
    .max(PLACE_QUERY_MAX_LENGTH, ADMIN_TEST_TOOL_MESSAGES.queryTooLong),
});

/**
 * Spec 3 'Place search result' (the Google Places field names, kept as the spec writes them). From
 * Grip's directory: place_id is the business's user id, types its service categories; what a
 * profile does not know (business_status) is null.
 */
export const PlaceSearchResultSchema = z.object({
  /** Grip's business directory, or the configured places provider. */
  source: z.enum(['directory', 'provider']),
  name: z.string(),
  place_id: z.string(),
  formatted_address: z.string().nullable(),
  formatted_phone_number: z.string().nullable(),
  international_phone_number: z.string().nullable(),
  website: z.string().nullable(),
  rating: z.number().nullable(),
  user_ratings_total: z.number().int(),
  business_status: z.string().nullable(),
  types: z.array(z.string()),
});
export type PlaceSearchResult = z.infer<typeof PlaceSearchResultSchema>;

export const PlaceSearchResponseSchema = z.object({
  /** Where the results came from: Grip's own directory (an external provider would add 'provider'). */
  sources: z.array(z.enum(['directory', 'provider'])),
  notice: z.string().nullable(),
  results: z.array(PlaceSearchResultSchema),
});
export type PlaceSearchResponse = z.infer<typeof PlaceSearchResponseSchema>;
