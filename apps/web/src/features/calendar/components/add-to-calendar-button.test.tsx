import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AddToCalendarButton } from './add-to-calendar-button';

const ID = '3f0c2a8e-1b2c-4d5e-8f90-a1b2c3d4e5f6';

describe('AddToCalendarButton', () => {
  it('is a download link to the booking’s .ics file, styled as a small outline button', () => {
    render(<AddToCalendarButton responseId={ID} />);
    const link = screen.getByRole('link', { name: 'Add to calendar' });
    expect(link.getAttribute('href')).toBe(`/api/bookings/${ID}/calendar.ics`);
    expect(link.hasAttribute('download')).toBe(true);
    expect(link.className).toContain('border');
    expect(link.className).toContain('h-8');
  });

  it('is not offered for a booking without a date', () => {
    render(<AddToCalendarButton responseId={ID} isDated={false} />);
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
  });
});
