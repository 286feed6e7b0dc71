import { describe, it, expect } from 'vitest';
import * as c from './constants';

describe('constants (spec 1 §9, 2 §9, 3 §9)', () => {
  it('notifications: 10 in the dropdown, 5000 ms toasts, badges capped at 9', () => {
    expect(c.NOTIFICATION_DROPDOWN_LIMIT).toBe(10);
    expect(c.NOTIFICATION_TOAST_MS).toBe(5000);
    expect(c.BADGE_CAP).toBe(9);
  });

  it('passwords are at least 6 characters', () => {
    expect(c.MIN_PASSWORD_LENGTH).toBe(6);
    expect(c.MAX_PASSWORD_LENGTH).toBeGreaterThan(c.MIN_PASSWORD_LENGTH);
  });

  it('mobile breakpoint is 768 px', () => {
    expect(c.MOBILE_BREAKPOINT_PX).toBe(768);
  });

  it('service area choices and defaults', () => {
    expect(c.CUSTOMER_SERVICE_AREA_KM).toEqual([1, 5, 10, 25, 50, 100]);
    expect(c.DEFAULT_CUSTOMER_SERVICE_AREA_KM).toBe(5);
    expect(c.BUSINESS_SERVICE_AREA_KM).toEqual([1, 5, 10, 15, 25, 50]);
    expect(c.DEFAULT_BUSINESS_SERVICE_AREA_KM).toBe(25);
    expect(c.CUSTOMER_SERVICE_AREA_KM).toContain(c.DEFAULT_CUSTOMER_SERVICE_AREA_KM);
    expect(c.BUSINESS_SERVICE_AREA_KM).toContain(c.DEFAULT_BUSINESS_SERVICE_AREA_KM);
  });

  it('archive ages and default', () => {
    expect(c.ARCHIVE_AGE_DAYS).toEqual([0, 1, 3, 7, 30, 90]);
    expect(c.DEFAULT_ARCHIVE_AGE_DAYS).toBe(90);
  });

  it('image limits: avatar 2 MB, response and counter-offer 5 MB, proof 10 MB', () => {
    const MB = 1024 * 1024;
    expect(c.AVATAR_MAX_BYTES).toBe(2 * MB);
    expect(c.RESPONSE_IMAGE_MAX_BYTES).toBe(5 * MB);
    expect(c.COUNTER_OFFER_IMAGE_MAX_BYTES).toBe(5 * MB);
    expect(c.COMPLETION_PROOF_MAX_BYTES).toBe(10 * MB);
  });

  it('text limits', () => {
    expect(c.REVIEW_TEXT_MAX_LENGTH).toBe(1000);
    expect(c.COMPLETION_NOTES_MAX_LENGTH).toBe(1000);
    expect(c.REQUEST_DESCRIPTION_MIN_LENGTH).toBe(10);
    expect(c.RESPONSE_MESSAGE_MIN_LENGTH).toBe(10);
  });

  it('dashboard and list limits', () => {
    expect(c.DASHBOARD_REFRESH_MS).toBe(30_000);
    expect(c.DASHBOARD_SECTION_LIMIT).toBe(6);
    expect(c.AUDIT_LIST_LIMIT).toBe(50);
    expect(c.UPCOMING_BOOKINGS_LIMIT).toBe(3);
  });

  it('default map centre is Sydney at zoom 10', () => {
    expect(c.DEFAULT_MAP_CENTRE).toEqual({ lng: 151.2093, lat: -33.8688, zoom: 10 });
  });

  it('system setting keys', () => {
    expect(c.SYSTEM_SETTING_KEYS).toEqual(['email_notifications_enabled', 'sms_notifications_enabled']);
  });

  it('product name and tagline', () => {
    expect(c.PRODUCT_NAME).toBe('Grip');
    expect(c.TAGLINE).toContain('Grip');
  });
});
