import type { Profile } from '@grip/domain';

/** Profile items a business needs before it can be matched and notified (spec 3 §2 warning banner). */
export type MissingProfileItem = 'notification_email' | 'service_categories' | 'business_name';

export function missingBusinessProfileItems(
  profile: Pick<Profile, 'notificationEmail' | 'serviceCategories' | 'businessName'>,
): MissingProfileItem[] {
  const missing: MissingProfileItem[] = [];
  if (!profile.notificationEmail?.trim()) missing.push('notification_email');
  if (profile.serviceCategories.length === 0) missing.push('service_categories');
  if (!profile.businessName?.trim()) missing.push('business_name');
  return missing;
}
