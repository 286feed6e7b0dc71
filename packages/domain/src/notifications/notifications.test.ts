import { describe, it, expect } from 'vitest';
import { NOTIFICATION_TYPES, notificationAction, notificationTarget } from './notifications';

describe('notificationTarget (spec 1 §4)', () => {
  it.each([
    ['new_request', '/business-requests'],
    ['new_response', '/requests'],
    ['response_accepted', '/confirmed'],
    ['request_completed', '/history'],
    ['new_message', '/messages'],
  ])('%s navigates to %s', (type, path) => {
    expect(notificationTarget(type)).toBe(path);
  });

  it('sends each side where it answers a changed request (decision 019)', () => {
    expect(notificationTarget('request_edited', 'business_owner')).toBe('/business-active');
    expect(notificationTarget('quote_kept', 'user')).toBe('/requests');
  });

  it('sends a business owner to its own Confirmed Bookings for an accepted quote', () => {
    expect(notificationTarget('response_accepted', 'business_owner')).toBe('/business-confirmed');
    expect(notificationTarget('response_accepted', 'user')).toBe('/confirmed');
    expect(notificationTarget('new_request', 'business_owner')).toBe('/business-requests');
  });

  it('returns null for the known types without a target', () => {
    expect(notificationTarget('counter_offer')).toBeNull();
    expect(notificationTarget('response_declined')).toBeNull();
    expect(notificationTarget('job_contested')).toBeNull();
  });

  it('returns null for unknown types', () => {
    expect(notificationTarget('something_else')).toBeNull();
    expect(notificationTarget('')).toBeNull();
  });

  it('is case-sensitive', () => {
    expect(notificationTarget('NEW_MESSAGE')).toBeNull();
  });

  // Type names that collide with Object.prototype members must not leak inherited values.
  it('returns null for type names that collide with Object.prototype members', () => {
    for (const type of ['toString', 'constructor', 'hasOwnProperty', 'valueOf', '__proto__']) {
      expect(notificationTarget(type), type).toBeNull();
    }
  });

  it('every mapped target is a string path starting with /', () => {
    for (const type of NOTIFICATION_TYPES) {
      const target = notificationTarget(type);
      if (target !== null) expect(target).toMatch(/^\/[a-z-]+$/);
    }
  });
});

describe('NOTIFICATION_TYPES', () => {
  it('lists the five navigating types of the spec plus the generic ones, without duplicates', () => {
    expect(NOTIFICATION_TYPES).toEqual(
      expect.arrayContaining([
        'new_request',
        'new_response',
        'response_accepted',
        'request_completed',
        'new_message',
      ]),
    );
    expect(new Set(NOTIFICATION_TYPES).size).toBe(NOTIFICATION_TYPES.length);
  });

  it("has the spec's five types with a target, plus decision 019's two", () => {
    expect(NOTIFICATION_TYPES.filter((t) => notificationTarget(t) !== null)).toEqual([
      'new_request',
      'new_response',
      'response_accepted',
      'request_completed',
      'new_message',
      'request_edited',
      'quote_kept',
    ]);
  });
});

describe('notificationAction', () => {
  it('follows the spec table for the types it lists', () => {
    expect(notificationAction({ type: 'new_response', relatedId: 'r1' }, 'user')).toEqual({
      kind: 'navigate',
      to: '/requests',
    });
    expect(notificationAction({ type: 'response_accepted', relatedId: null }, 'business_owner')).toEqual({
      kind: 'navigate',
      to: '/business-confirmed',
    });
    // A dispute's steps (issue 32): the customer's Job History, the business's job, the admin queue.
    expect(notificationAction({ type: 'job_contested', relatedId: 'r1' }, 'user')).toEqual({
      kind: 'navigate',
      to: '/history',
    });
    const job = '0b7f6c1e-3f55-4a8e-9a55-0c8f3c1d2e4f';
    expect(notificationAction({ type: 'job_contested', relatedId: job }, 'business_owner')).toEqual({
      kind: 'navigate',
      to: `/business-confirmed?job=${job}`,
    });
    expect(notificationAction({ type: 'job_contested', relatedId: job }, 'administrator')).toEqual({
      kind: 'navigate',
      to: '/admin',
    });
    expect(notificationAction({ type: 'toString', relatedId: null })).toEqual({ kind: 'none' });
  });

  it('opens the review of the named request for a review_request', () => {
    expect(notificationAction({ type: 'review_request', relatedId: 'req-7' }, 'user')).toEqual({
      kind: 'review',
      requestId: 'req-7',
    });
    expect(notificationAction({ type: 'review_request', relatedId: 'req-7' })).toEqual({
      kind: 'review',
      requestId: 'req-7',
    });
  });

  it('falls back to Job History when a review_request names no request', () => {
    expect(notificationAction({ type: 'review_request', relatedId: null }, 'user')).toEqual({
      kind: 'navigate',
      to: '/history',
    });
  });

  it('does nothing with a review_request for a business owner, who never writes reviews', () => {
    expect(notificationAction({ type: 'review_request', relatedId: 'req-7' }, 'business_owner')).toEqual({
      kind: 'none',
    });
  });

  it('leaves the spec table itself unchanged for review_request', () => {
    expect(notificationTarget('review_request')).toBeNull();
  });

  it('opens the recipient’s own booking list when the other party of a booking left', () => {
    const left = { type: 'booking_party_left', relatedId: 'resp-1' };
    expect(NOTIFICATION_TYPES).toContain('booking_party_left');
    expect(notificationAction(left, 'business_owner')).toEqual({
      kind: 'navigate',
      to: '/business-confirmed',
    });
    expect(notificationAction(left, 'user')).toEqual({ kind: 'navigate', to: '/confirmed' });
    expect(notificationAction(left)).toEqual({ kind: 'navigate', to: '/confirmed' });
    expect(notificationTarget('booking_party_left')).toBeNull();
  });
});

describe('booking changes (issue 32)', () => {
  const responseId = '6f1c1c8e-3a52-4d55-9a4e-0b6f5a2d7e10';
  const CHANGES = ['booking_cancelled', 'booking_time_proposed', 'booking_time_answered'] as const;

  it('are notification types of their own, outside the spec table', () => {
    for (const type of CHANGES) {
      expect(NOTIFICATION_TYPES).toContain(type);
      expect(notificationTarget(type, 'user')).toBeNull();
      expect(notificationTarget(type, 'business_owner')).toBeNull();
    }
  });

  it('open the job detail for a business, whatever the change', () => {
    for (const type of CHANGES) {
      expect(notificationAction({ type, relatedId: responseId }, 'business_owner'), type).toEqual({
        kind: 'navigate',
        to: `/business-confirmed?job=${responseId}`,
      });
    }
  });

  it('open the booking in Confirmed Requests for a customer while it is to do', () => {
    for (const type of ['booking_time_proposed', 'booking_time_answered'] as const) {
      expect(notificationAction({ type, relatedId: responseId }, 'user'), type).toEqual({
        kind: 'navigate',
        to: `/confirmed?responseId=${responseId}`,
      });
      // Without a role the customer's rule applies, as for the other booking notices.
      expect(notificationAction({ type, relatedId: responseId }), type).toEqual({
        kind: 'navigate',
        to: `/confirmed?responseId=${responseId}`,
      });
    }
  });

  it('open Job History for a customer once the booking was cancelled (where it is listed)', () => {
    expect(notificationAction({ type: 'booking_cancelled', relatedId: responseId }, 'user')).toEqual({
      kind: 'navigate',
      to: '/history',
    });
  });

  it('fall back to the list when the related id is missing or not an id, never putting it in the URL', () => {
    for (const relatedId of [null, '', 'not-an-id', `${responseId}&x=1`, '../admin']) {
      expect(notificationAction({ type: 'booking_time_proposed', relatedId }, 'business_owner')).toEqual({
        kind: 'navigate',
        to: '/business-confirmed',
      });
      expect(notificationAction({ type: 'booking_time_answered', relatedId }, 'user')).toEqual({
        kind: 'navigate',
        to: '/confirmed',
      });
      expect(notificationAction({ type: 'booking_cancelled', relatedId }, 'user')).toEqual({
        kind: 'navigate',
        to: '/history',
      });
    }
  });

  it('read upper-case ids too (ids are compared without case)', () => {
    const upper = responseId.toUpperCase();
    expect(notificationAction({ type: 'booking_cancelled', relatedId: upper }, 'business_owner')).toEqual({
      kind: 'navigate',
      to: `/business-confirmed?job=${upper}`,
    });
  });
});
