import { describe, expect, it } from 'vitest';
import {
  PushSubscriptionInputSchema,
  SMS_TEXT_MAX_LENGTH,
  notificationLink,
  sendsSms,
  smsNumber,
  smsText,
} from './deliveries';
import { NOTIFICATION_TYPES } from './notifications';

describe('sendsSms', () => {
  it('texts every notification type except chat messages', () => {
    expect(NOTIFICATION_TYPES.filter((t) => !sendsSms(t))).toEqual(['new_message']);
  });
});

describe('notificationLink', () => {
  it('follows the bell’s click rule, per role', () => {
    expect(notificationLink({ type: 'new_request', relatedId: 'r' }, 'business_owner')).toBe(
      '/business-requests',
    );
    expect(notificationLink({ type: 'response_accepted', relatedId: 'r' }, 'business_owner')).toBe(
      '/business-confirmed',
    );
    expect(notificationLink({ type: 'response_accepted', relatedId: 'r' }, 'user')).toBe('/confirmed');
    expect(notificationLink({ type: 'new_message', relatedId: 'r' })).toBe('/messages');
  });

  it('sends a review request to Job History and types without a screen to the notifications page', () => {
    expect(notificationLink({ type: 'review_request', relatedId: 'r' }, 'user')).toBe('/history');
    expect(notificationLink({ type: 'review_request', relatedId: 'r' }, 'business_owner')).toBe(
      '/notifications',
    );
    // A dispute's step opens the job (issue 32); without a booking id, the business's bookings.
    expect(notificationLink({ type: 'job_contested', relatedId: 'r' }, 'business_owner')).toBe(
      '/business-confirmed',
    );
    expect(notificationLink({ type: 'something_new', relatedId: null })).toBe('/notifications');
  });
});

describe('smsText', () => {
  it('is the product, the title and the message', () => {
    expect(smsText('Grip', { title: 'New response', message: 'Blue Water Pools quoted $180.' })).toBe(
      'Grip: New response — Blue Water Pools quoted $180.',
    );
    expect(smsText('Grip', { title: 'New response', message: '  ' })).toBe('Grip: New response');
  });

  it('cuts a long message at a word, within the limit, and flattens line breaks', () => {
    const message = `${'word '.repeat(100)}\nend`;
    const text = smsText('Grip', { title: 'New message', message });
    expect(text.length).toBeLessThanOrEqual(SMS_TEXT_MAX_LENGTH);
    expect(text).toMatch(/word…$/);
    expect(text).not.toContain('\n');
  });

  it('cuts a message without spaces at the limit', () => {
    const text = smsText('Grip', { title: 'T', message: 'x'.repeat(500) });
    expect(text.length).toBeLessThanOrEqual(SMS_TEXT_MAX_LENGTH);
    expect(text.endsWith('x…')).toBe(true);
  });
});

describe('smsNumber', () => {
  it('takes international numbers, ignoring spacing and punctuation', () => {
    expect(smsNumber('+61 400 555 111')).toBe('+61400555111');
    expect(smsNumber('+1 (415) 555-0101')).toBe('+14155550101');
    expect(smsNumber('+64.21.555.0101')).toBe('+64215550101');
  });

  it('refuses local numbers, letters, too short or too long, and nothing', () => {
    for (const phone of [
      '0400 555 111',
      '+61 400 CALL ME',
      '+1234',
      `+${'1'.repeat(16)}`,
      '+0400555111',
      '',
      null,
      undefined,
    ]) {
      expect(smsNumber(phone), String(phone)).toBeNull();
    }
  });
});

describe('PushSubscriptionInputSchema', () => {
  const valid = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  };

  it('accepts what a browser’s PushSubscription.toJSON() gives', () => {
    expect(PushSubscriptionInputSchema.parse({ ...valid, expirationTime: null })).toMatchObject(valid);
  });

  it('refuses keys that are not base64url of a plausible length', () => {
    expect(
      PushSubscriptionInputSchema.safeParse({ ...valid, keys: { ...valid.keys, p256dh: 'abc' } }).success,
    ).toBe(false);
    expect(
      PushSubscriptionInputSchema.safeParse({
        ...valid,
        keys: { ...valid.keys, auth: 'has spaces in it!!!!!!' },
      }).success,
    ).toBe(false);
    expect(PushSubscriptionInputSchema.safeParse({ endpoint: 'nope', keys: valid.keys }).success).toBe(false);
  });
});
