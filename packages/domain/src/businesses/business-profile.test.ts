import { describe, expect, it } from 'vitest';
import {
  BUSINESS_NOTIFICATION_CHANNEL_LABELS,
  BUSINESS_NOTIFICATION_CHANNELS,
  BUSINESS_PROFILE_MESSAGES,
  BusinessProfileInputSchema,
  IN_APP_NOTIFICATIONS,
  isBusinessNotificationChannel,
  isHttpUrl,
  isPhoneNumber,
  isRetiredBusinessNotificationChannel,
  roundRating,
} from './business-profile';

const valid = {
  businessName: 'Sam Plumbing',
  contactPerson: 'Sam Carter',
  address: '10 King St, Newtown NSW 2042',
  notificationEmail: 'jobs@example.com',
  phone: '0412 345 678',
  serviceCategories: ['Plumbing'],
};

const fieldErrors = (input: unknown) => {
  const result = BusinessProfileInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('BusinessProfileInputSchema', () => {
  it('applies the spec defaults: 25 km, email only, dashboard', () => {
    const parsed = BusinessProfileInputSchema.parse(valid);
    expect(parsed.serviceAreaKm).toBe(25);
    expect(parsed.notificationPreferences).toEqual(['email']);
    expect(parsed.defaultStartScreen).toBe('dashboard');
    expect(parsed.useAccountEmail).toBe(false);
  });

  it('names every missing required field', () => {
    expect(fieldErrors({})).toMatchObject({
      businessName: BUSINESS_PROFILE_MESSAGES.businessNameRequired,
      contactPerson: BUSINESS_PROFILE_MESSAGES.contactPersonRequired,
      address: BUSINESS_PROFILE_MESSAGES.addressRequired,
      phone: BUSINESS_PROFILE_MESSAGES.phoneRequired,
      serviceCategories: expect.any(String),
    });
    const blank = fieldErrors({ ...valid, serviceCategories: [], notificationEmail: ' ' });
    expect(blank.serviceCategories).toBe('Please select at least one service category.');
    expect(blank.notificationEmail).toBe('Please provide an email address for notifications.');
  });

  it('needs no notification email when the account email is used', () => {
    expect(fieldErrors({ ...valid, notificationEmail: '', useAccountEmail: true })).toEqual({});
    expect(fieldErrors({ ...valid, notificationEmail: 'nope' }).notificationEmail).toBe(
      'Please enter a valid email address',
    );
  });

  it('refuses service areas, channels and links that are not offered', () => {
    const errors = fieldErrors({
      ...valid,
      serviceAreaKm: 30,
      notificationPreferences: ['pigeon'],
      website: 'javascript:alert(1)',
      googleReviewsUrl: 'ftp://example.com',
    });
    expect(errors.serviceAreaKm).toBe(BUSINESS_PROFILE_MESSAGES.serviceAreaRequired);
    expect(errors['notificationPreferences.0']).toBeTruthy();
    expect(errors.website).toBe(BUSINESS_PROFILE_MESSAGES.websiteInvalid);
    expect(errors.googleReviewsUrl).toBe(BUSINESS_PROFILE_MESSAGES.googleReviewsUrlInvalid);
    expect(fieldErrors({ ...valid, website: '' })).toEqual({});
  });
});

describe('notification channels (decision 029)', () => {
  it('offers only channels that do something; In-app is always on, not a choice', () => {
    expect([...BUSINESS_NOTIFICATION_CHANNELS]).toEqual(['email', 'sms', 'marketing']);
    expect(Object.keys(BUSINESS_NOTIFICATION_CHANNEL_LABELS)).toEqual([...BUSINESS_NOTIFICATION_CHANNELS]);
    expect(Object.values(BUSINESS_NOTIFICATION_CHANNEL_LABELS)).not.toContain('Phone call');
    expect(IN_APP_NOTIFICATIONS.status).toBe('Always on');
  });

  it('drops the retired Phone call and In-app from what an older app sends, refusing nothing for them', () => {
    const parsed = BusinessProfileInputSchema.parse({
      ...valid,
      notificationPreferences: ['phone', 'email', 'app', 'marketing'],
    });
    expect(parsed.notificationPreferences).toEqual(['email', 'marketing']);
    expect(
      BusinessProfileInputSchema.parse({ ...valid, notificationPreferences: ['app'] })
        .notificationPreferences,
    ).toEqual([]);
    expect(isRetiredBusinessNotificationChannel('phone')).toBe(true);
    expect(isRetiredBusinessNotificationChannel('sms')).toBe(false);
    expect(isBusinessNotificationChannel('app')).toBe(false);
  });
});

describe('helpers', () => {
  it('accepts http(s) URLs with a host and phone numbers with separators', () => {
    expect(isHttpUrl('https://samplumbing.com.au')).toBe(true);
    expect(isHttpUrl('http://localhost')).toBe(false);
    expect(isHttpUrl('samplumbing.com')).toBe(false);
    expect(isPhoneNumber('+61 (2) 9555-1234')).toBe(true);
    expect(isPhoneNumber('12345')).toBe(false);
    expect(isPhoneNumber('call me')).toBe(false);
  });

  it('rounds ratings to one decimal', () => {
    expect(roundRating(4.666)).toBe(4.7);
    expect(roundRating(null)).toBeNull();
  });
});

describe('isHttpUrl', () => {
  it('accepts paths, ports and queries but not credentials or spaces', () => {
    expect(isHttpUrl('https://g.page/r/sam-plumbing/review?x=1')).toBe(true);
    expect(isHttpUrl('http://samplumbing.com.au:8080/')).toBe(true);
    expect(isHttpUrl('https://user:pw@evil.example')).toBe(false);
    expect(isHttpUrl('https://sam plumbing.com')).toBe(false);
  });
});
