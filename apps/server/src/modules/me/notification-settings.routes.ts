import {
  CUSTOMER_NOTIFICATION_CHANNELS,
  NOTIFICATION_SETTINGS_MESSAGES,
  NotificationSettingsInputSchema,
  NotificationSettingsSchema,
  type CustomerNotificationChannel,
  type NotificationSettings,
} from '@grip/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { Forbidden } from '../../lib/errors';
import { getOrCreateProfile } from '../profiles/profiles.service';
import { forgetProfile } from '../profiles/profile-cache';

const isCustomerChannel = (c: string): c is CustomerNotificationChannel =>
  (CUSTOMER_NOTIFICATION_CHANNELS as readonly string[]).includes(c);

/**
 * A customer's notification channels and the number texts go to (Customer Settings, Notifications).
 * Business owners keep theirs in the business profile, with the business channels.
 */
export async function notificationSettingsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const mine = async (userId: string, name: string): Promise<NotificationSettings> => {
    const profile = await getOrCreateProfile(opts.db, userId, name);
    if (profile.role === 'business_owner')
      throw new Forbidden(NOTIFICATION_SETTINGS_MESSAGES.businessElsewhere);
    return { channels: profile.notificationPreferences.filter(isCustomerChannel), phone: profile.phone };
  };

  typed.get(
    '/api/me/notifications',
    { schema: { tags: ['account'], response: { 200: NotificationSettingsSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      return mine(user.id, user.name);
    },
  );

  typed.put(
    '/api/me/notifications',
    {
      schema: {
        tags: ['account'],
        body: NotificationSettingsInputSchema,
        response: { 200: NotificationSettingsSchema },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      await mine(user.id, user.name);
      const { channels, phone } = request.body;
      await opts.db
        .update(profiles)
        .set({ notificationPreferences: channels, phone, updatedAt: sql`now()` })
        .where(eq(profiles.userId, user.id));
      forgetProfile(user.id);
      return mine(user.id, user.name);
    },
  );
}
