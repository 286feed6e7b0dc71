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

  it('uses the category when the subtype is not one of the catalogue (it would open an empty form)', () => {
    const booking = makeBooking({ responseId: 'resp-3' });
    const typed = {
      ...booking,
      request: { ...booking.request, serviceType: 'Pet Services', serviceSubtype: 'walk my iguana' },
    };
    expect(hireAgainLink(typed)).toBe('/?service=Pet%20Services&hireAgain=resp-3');
  });
});
