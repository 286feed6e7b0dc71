/** Shared constants from the spec (1-platform §9, 2-customer §9, 3-business-admin §9). */

export const PRODUCT_NAME = 'Grip';
export const TAGLINE = 'For everything in life, get a Grip.';

export const NOTIFICATION_DROPDOWN_LIMIT = 10;
export const NOTIFICATION_TOAST_MS = 5000;
/** Count badges show the number up to this value, then '9+'. */
export const BADGE_CAP = 9;

export const MIN_PASSWORD_LENGTH = 6;
/** Not in the spec: long enough for passphrases, short enough to bound hashing cost. */
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_DISPLAY_NAME_LENGTH = 100;
export const MAX_BUSINESS_NAME_LENGTH = 120;

/** Width under which the layout is single-pane (px). */
export const MOBILE_BREAKPOINT_PX = 768;

export const CUSTOMER_SERVICE_AREA_KM = [1, 5, 10, 25, 50, 100] as const;
export const DEFAULT_CUSTOMER_SERVICE_AREA_KM = 5;
export const BUSINESS_SERVICE_AREA_KM = [1, 5, 10, 15, 25, 50] as const;
export const DEFAULT_BUSINESS_SERVICE_AREA_KM = 25;

export const ARCHIVE_AGE_DAYS = [0, 1, 3, 7, 30, 90] as const;
export const DEFAULT_ARCHIVE_AGE_DAYS = 90;

const MB = 1024 * 1024;
export const AVATAR_MAX_BYTES = 2 * MB;
export const RESPONSE_IMAGE_MAX_BYTES = 5 * MB;
export const COUNTER_OFFER_IMAGE_MAX_BYTES = 5 * MB;
export const COMPLETION_PROOF_MAX_BYTES = 10 * MB;

export const REVIEW_TEXT_MAX_LENGTH = 1000;
export const COMPLETION_NOTES_MAX_LENGTH = 1000;
export const REQUEST_DESCRIPTION_MIN_LENGTH = 10;
export const RESPONSE_MESSAGE_MIN_LENGTH = 10;

export const DASHBOARD_REFRESH_MS = 30_000;
export const DASHBOARD_SECTION_LIMIT = 6;
export const AUDIT_LIST_LIMIT = 50;
export const UPCOMING_BOOKINGS_LIMIT = 3;

/** Default map centre when no coordinates are known (Sydney), 2-customer §9. */
export const DEFAULT_MAP_CENTRE = { lng: 151.2093, lat: -33.8688, zoom: 10 } as const;

export const SYSTEM_SETTING_KEYS = ['email_notifications_enabled', 'sms_notifications_enabled'] as const;
export type SystemSettingKey = (typeof SYSTEM_SETTING_KEYS)[number];
