import { z } from 'zod';
import { ROLES } from '../accounts/roles';

/** Shapes the server returns and the web app reads; one schema per payload. */

export const ProfileSchema = z.object({
  userId: z.string(),
  role: z.enum(ROLES),
  displayName: z.string().nullable(),
  businessName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  defaultLandingPage: z.string().nullable(),
  defaultStartScreen: z.string().nullable(),
  serviceCategories: z.array(z.string()),
  notificationEmail: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const MeSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
  }),
  profile: ProfileSchema,
});
export type Me = z.infer<typeof MeSchema>;

/** Counts behind the navigation badges and the bell. */
export const BadgeCountsSchema = z.object({
  unreadNotifications: z.number().int().nonnegative(),
  unreadMessages: z.number().int().nonnegative(),
  newRequests: z.number().int().nonnegative(),
  pendingResponses: z.number().int().nonnegative(),
  confirmed: z.number().int().nonnegative(),
});
export type BadgeCounts = z.infer<typeof BadgeCountsSchema>;

export const NotificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  relatedId: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const ServiceCategorySchema = z.object({ categoryName: z.string(), serviceName: z.string() });
export type ServiceCategory = z.infer<typeof ServiceCategorySchema>;

/** Every error body the API sends. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const SignOutScopeSchema = z.enum(['local', 'global']);
