import { describe, expect, it } from 'vitest';
import {
  ADMIN_OVERVIEW_MESSAGES,
  SystemSettingInputSchema,
  SystemSettingParamsSchema,
  activeOffersPerBusiness,
  formatOneDecimal,
} from './overview';

describe('activeOffersPerBusiness', () => {
  it('divides active offers by businesses, one decimal', () => {
    expect(activeOffersPerBusiness(6, 4)).toBe(1.5);
    expect(activeOffersPerBusiness(7, 4)).toBe(1.8);
    expect(activeOffersPerBusiness(1, 3)).toBe(0.3);
    expect(activeOffersPerBusiness(0, 3)).toBe(0);
  });

  it('is 0 with no businesses', () => {
    expect(activeOffersPerBusiness(5, 0)).toBe(0);
    expect(activeOffersPerBusiness(0, 0)).toBe(0);
  });

  it('is always shown with one decimal', () => {
    expect(formatOneDecimal(0)).toBe('0.0');
    expect(formatOneDecimal(2)).toBe('2.0');
    expect(formatOneDecimal(1.8)).toBe('1.8');
  });
});

describe('system setting input', () => {
  it('accepts the two keys and a real boolean only', () => {
    expect(SystemSettingParamsSchema.safeParse({ key: 'sms_notifications_enabled' }).success).toBe(true);
    expect(SystemSettingParamsSchema.safeParse({ key: 'push' }).success).toBe(false);
    expect(SystemSettingInputSchema.safeParse({ enabled: false }).success).toBe(true);
    expect(SystemSettingInputSchema.safeParse({ enabled: 'false' }).success).toBe(false);
  });

  it('says how many requests were archived', () => {
    expect(ADMIN_OVERVIEW_MESSAGES.archived(3)).toBe('Archived 3 requests');
    expect(ADMIN_OVERVIEW_MESSAGES.archived(1)).toBe('Archived 1 request');
  });
});
