/**
 * Issue 33 item 6: names and titles that end in a full stop get no second one, counts agree with
 * their nouns, and every screen names a distance the same way — checked on the texts that had them.
 */
import { describe, expect, it } from 'vitest';
import { bulkCreatedText } from '../admin/bulk-upload';
import { sendAllLabel } from '../assistant/market';
import { bookingEventDescription } from '../bookings/calendar-event';
import { distancePhrase } from '../geo/distance-phrase';
import { TWO_WAY_MESSAGES } from '../reviews/two-way';
import { formatCount } from './format';

describe('a name or title ending in a full stop', () => {
  it('ends the sentence once in a review notice', () => {
    expect(TWO_WAY_MESSAGES.reviewedNotice('Harbour Plumbing Co.', 'Fix the tap', true)).toBe(
      'Harbour Plumbing Co. reviewed you for Fix the tap. It shows on your reviews now.',
    );
    expect(TWO_WAY_MESSAGES.reviewedNotice('Sam', 'Fix the tap.', false)).toBe(
      'Sam reviewed you for Fix the tap. It shows once you review them too, or in 14 days.',
    );
  });

  it("ends the sentence once in a calendar event's description", () => {
    const text = bookingEventDescription({
      viewer: 'customer',
      otherPartyName: 'Harbour Plumbing Co.',
      link: 'https://grip.example/bookings',
      cancelledBy: null,
    });
    expect(text).toContain('Booked with Harbour Plumbing Co.');
    expect(text).not.toContain('..');
  });
});

describe('counts and their nouns', () => {
  it('agree for one and for many', () => {
    expect(sendAllLabel(1)).toBe('Send to the 1 business');
    expect(sendAllLabel(3)).toBe('Send to all 3 businesses');
    expect(formatCount(1, 'message')).toBe('1 message');
    expect(formatCount(2, 'message')).toBe('2 messages');
  });

  it('agree in the bulk upload summary, with thousands grouped', () => {
    expect(bulkCreatedText(1)).toBe('1 business created');
    expect(bulkCreatedText(1200)).toBe('1,200 businesses created');
  });
});

describe('a distance', () => {
  it('reads the same on every screen', () => {
    expect(distancePhrase(0)).toBe('less than 1 km away');
    expect(distancePhrase(4)).toBe('about 4 km away');
  });
});
