import { describe, expect, it } from 'vitest';
import { checkBulkBusinessRow } from '../admin/bulk-upload';

/** Decision 029: a bulk CSV made before Phone call and In-app were retired still uploads. */
describe('retired business channels in a bulk upload', () => {
  const row = (notification_preferences: string) =>
    checkBulkBusinessRow({
      email: 'old-file@pools.example',
      password: 'correct-horse-42',
      business_name: 'Old File Pools',
      service_categories: 'Pool Maintenance',
      notification_preferences,
    });

  it('drops phone and app and keeps the rest', () => {
    expect(row('email;phone;app;sms')).toMatchObject({
      isValid: true,
      business: { notificationPreferences: ['email', 'sms'] },
    });
  });

  it('keeps "phone only" as no channel rather than turning email on', () => {
    expect(row('phone')).toMatchObject({ isValid: true, business: { notificationPreferences: [] } });
  });

  it('still refuses a channel that never existed, and defaults a blank cell to email', () => {
    expect(row('pigeon')).toMatchObject({ isValid: false });
    expect(row('')).toMatchObject({ isValid: true, business: { notificationPreferences: ['email'] } });
  });
});
