import {
  BUSINESS_NOTIFICATION_CHANNELS,
  DEFAULT_BUSINESS_NOTIFICATION_CHANNELS,
  DEFAULT_BUSINESS_SERVICE_AREA_KM,
  BUSINESS_SERVICE_AREA_KM,
  type BusinessNotificationChannel,
  type BusinessProfile,
  type BusinessProfileFormValues,
} from '@grip/domain';

const isChannel = (value: string): value is BusinessNotificationChannel =>
  (BUSINESS_NOTIFICATION_CHANNELS as readonly string[]).includes(value);

const isOfferedArea = (km: number | null): km is (typeof BUSINESS_SERVICE_AREA_KM)[number] =>
  km !== null && (BUSINESS_SERVICE_AREA_KM as readonly number[]).includes(km);

/** The form's starting values from the stored profile (blank strings where nothing is stored). */
export function formValuesOf(profile: BusinessProfile): BusinessProfileFormValues {
  const channels = profile.notificationPreferences.filter(isChannel);
  return {
    businessName: profile.businessName ?? '',
    contactPerson: profile.contactPerson ?? '',
    address: profile.address ?? '',
    // A new registration starts with the account email ticked: most businesses use it.
    useAccountEmail: profile.notificationEmail === null ? true : profile.useAccountEmail,
    notificationEmail: profile.useAccountEmail ? '' : (profile.notificationEmail ?? ''),
    phone: profile.phone ?? '',
    website: profile.website ?? '',
    description: profile.description ?? '',
    googleReviewsUrl: profile.googleReviewsUrl ?? '',
    serviceCategories: [...profile.serviceCategories],
    serviceAreaKm: isOfferedArea(profile.serviceAreaKm)
      ? profile.serviceAreaKm
      : DEFAULT_BUSINESS_SERVICE_AREA_KM,
    notificationPreferences: channels.length > 0 ? channels : [...DEFAULT_BUSINESS_NOTIFICATION_CHANNELS],
    defaultStartScreen: profile.defaultStartScreen ?? 'dashboard',
    avatarUrl: profile.avatarUrl,
  };
}
