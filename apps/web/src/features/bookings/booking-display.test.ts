import { describe, expect, it } from 'vitest';
import { hireAgainLink } from './booking-display';
import { makeBooking } from './test-fixtures';

describe('hireAgainLink', () => {
  it('names the subtype and the response to hire again', () => {
    const booking = makeBooking({
      responseId: 'resp-1',
      request: {
        ...makeBooking().request,
        serviceType: 'Home & Property Services',
        serviceSubtype: 'pool-maintenance',
      },
    });
    expect(hireAgainLink(booking)).toBe('/?service=pool-maintenance&hireAgain=resp-1');
  });

  it('falls back to the category, encoded, when the request had no subtype', () => {
    const booking = makeBooking({ responseId: 'resp-2' });
    const withCategory = {
      ...booking,
      request: { ...booking.request, serviceType: 'Home & Property Services' },
    };
    expect(hireAgainLink(withCategory)).toBe('/?service=Home%20%26%20Property%20Services&hireAgain=resp-2');
  });
});
