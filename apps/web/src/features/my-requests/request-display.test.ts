import { describe, expect, it } from 'vitest';
import { resubmittedDescription } from './api/resubmit-request';
import { failureDescription } from './failure-description';
import {
  formatDateOnly,
  preferredTimeLabel,
  quotedPriceLabel,
  responseCountLabel,
  serviceSubtypeLabel,
  timeFlexibilityLabel,
} from '@/features/requests/request-display';
import { ApiError } from '@/lib/api-client';

describe('request display helpers', () => {
  it("adds '/hr' to hourly quotes only", () => {
    expect(quotedPriceLabel({ quotedPrice: '80', priceType: 'hourly' })).toBe('$80/hr');
    expect(quotedPriceLabel({ quotedPrice: '1200.5', priceType: 'fixed' })).toBe('$1,200.50');
    expect(quotedPriceLabel({ quotedPrice: null, priceType: null })).toBe('No price quoted');
  });

  it('reads a stored time as the form wrote it', () => {
    expect(preferredTimeLabel('10:00:00')).toBe('Morning');
    expect(preferredTimeLabel('18:00:00')).toBe('Evening');
    expect(preferredTimeLabel('07:00:00')).toBe('07:00');
    expect(preferredTimeLabel(null)).toBe('Flexible');
  });

  it('names the flexibility and the service', () => {
    expect(timeFlexibilityLabel('exact')).toBe('This exact time');
    expect(timeFlexibilityLabel(null)).toBeNull();
    expect(serviceSubtypeLabel('Home & Property Services', 'pool-maintenance')).toBe('Pool Maintenance');
    expect(serviceSubtypeLabel('Unknown', 'dog-walking')).toBe('Dog Walking');
    expect(serviceSubtypeLabel('Unknown', null)).toBeNull();
  });

  it('shows a date-only value on its own day whatever the time zone', () => {
    expect(formatDateOnly('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDateOnly('2026-12-31')).toBe('Dec 31, 2026');
  });

  it('counts responses in words', () => {
    expect(responseCountLabel(0)).toBe('No responses yet');
    expect(responseCountLabel(1)).toBe('1 response');
    expect(responseCountLabel(4)).toBe('4 responses');
  });

  it('says how many business owners a resubmit notified', () => {
    expect(resubmittedDescription(5)).toBe(
      'Your request is open again and 5 business owners have been notified.',
    );
    expect(resubmittedDescription(1)).toBe(
      'Your request is open again and 1 business owner has been notified.',
    );
    expect(resubmittedDescription(0)).toContain('No business owners');
  });

  it("uses the server's reason for client errors and the spec's words otherwise", () => {
    expect(failureDescription(new ApiError(409, 'Already booked'), 'Failed')).toBe('Already booked');
    expect(failureDescription(new ApiError(500, 'Internal'), 'Failed')).toBe('Failed');
    expect(failureDescription(new ApiError(0, 'Offline'), 'Failed')).toBe('Failed');
    expect(failureDescription(new Error('x'), 'Failed')).toBe('Failed');
  });
});
