import { describe, expect, it } from 'vitest';
import { bookNowService, upcomingBookingLabel } from './bookings';

// Local time, so the calendar-day rules hold in any time zone the tests run in.
const now = new Date(2026, 10, 22, 9, 0);

describe('upcoming booking labels', () => {
  it('says "In the next 2 hours" for a timed booking up to two hours away', () => {
    expect(upcomingBookingLabel('2026-11-22', '10:30:00', now)).toBe('In the next 2 hours');
    expect(upcomingBookingLabel('2026-11-22', '11:00', now)).toBe('In the next 2 hours');
  });
  it('says Today, Tomorrow, In N days up to 7, then weeks', () => {
    expect(upcomingBookingLabel('2026-11-22', '15:00:00', now)).toBe('Today');
    expect(upcomingBookingLabel('2026-11-22', null, now)).toBe('Today');
    expect(upcomingBookingLabel('2026-11-23', '08:00:00', now)).toBe('Tomorrow');
    expect(upcomingBookingLabel('2026-11-25', null, now)).toBe('In 3 days');
    expect(upcomingBookingLabel('2026-11-29', null, now)).toBe('In 7 days');
    expect(upcomingBookingLabel('2026-11-30', null, now)).toBe('In 1 week');
    expect(upcomingBookingLabel('2026-12-13', null, now)).toBe('In 3 weeks');
  });
});

describe('Book Now on a directory card', () => {
  it('uses the business’s first service, lower-cased', () => {
    expect(bookNowService([' Pet Care', 'Dog Walking'])).toBe('pet care');
    expect(bookNowService([])).toBeNull();
  });
});
