import { z } from 'zod';
import { smsNumber } from '../notifications/deliveries';

/** A customer's (or administrator's) notification channels (spec 2 §7): email by default. */
export const CUSTOMER_NOTIFICATION_CHANNELS = ['email', 'sms', 'marketing'] as const;
export type CustomerNotificationChannel = (typeof CUSTOMER_NOTIFICATION_CHANNELS)[number];
export const DEFAULT_CUSTOMER_NOTIFICATION_CHANNELS: readonly CustomerNotificationChannel[] = ['email'];

export const CUSTOMER_NOTIFICATION_CHANNEL_LABELS: Record<CustomerNotificationChannel, string> = {
  email: 'Email notifications',
  sms: 'SMS notifications',
  marketing: 'Marketing emails',
};

export const NOTIFICATION_SETTINGS_MESSAGES = {
  updatedTitle: 'Notifications Updated',
  updated: 'Your notification settings have been saved.',
  updateFailed: 'Error: Failed to update notifications. Please try again.',
  loadFailed: 'Failed to load your notification settings.',
  phoneNeeded: 'Enter a mobile number with its country code (for example +61 400 000 000) to get texts.',
  businessElsewhere: 'Business owners choose their notifications in Business Settings.',
} as const;

export const NotificationSettingsSchema = z.object({
  channels: z.array(z.enum(CUSTOMER_NOTIFICATION_CHANNELS)),
  /** The mobile number texts go to (the profile's phone), as entered. */
  phone: z.string().nullable(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const NotificationSettingsInputSchema = z
  .object({
    channels: z
      .array(z.enum(CUSTOMER_NOTIFICATION_CHANNELS, { error: 'Please choose a listed channel' }))
      .max(CUSTOMER_NOTIFICATION_CHANNELS.length)
      .transform((channels) => [...new Set(channels)]),
    phone: z
      .string()
      .trim()
      .max(30, 'That phone number is too long.')
      .nullish()
      .transform((phone) => phone || null),
  })
  .superRefine((input, ctx) => {
    // Texts need a number a provider can dial; any number given must be one.
    if ((input.channels.includes('sms') || input.phone) && !smsNumber(input.phone)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: NOTIFICATION_SETTINGS_MESSAGES.phoneNeeded });
    }
  });
export type NotificationSettingsInput = z.input<typeof NotificationSettingsInputSchema>;
