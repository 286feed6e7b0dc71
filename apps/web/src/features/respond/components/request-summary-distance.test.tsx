/**
 * Issue 33 item 6: one request, one distance phrase — the respond page said '0 km away' where the
 * feed said 'less than 1 km away' (distancePhrase in the domain, used by every screen).
 */
import { render, screen } from '@testing-library/react';
import type { BusinessRequestDetail } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { RequestSummaryCard } from './request-summary-card';

function view(distanceKm: number | null): BusinessRequestDetail {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    termsVersion: 'v1',
    title: 'Pool Maintenance request',
    serviceType: 'Home & Property Services',
    serviceSubtype: 'pool-maintenance',
    description: 'The pool pump is making a grinding noise.',
    areaLabel: 'Manly NSW',
    distanceKm,
    locationAddress: null,
    preferredDate: null,
    preferredTime: null,
    timeFlexibility: null,
    flexibleDates: false,
    budgetMin: '250.00',
    budgetMax: '250.00',
    budgetType: 'fixed',
    urgency: 'normal',
    isUrgent: false,
    images: [],
    status: 'open',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    myResponseId: null,
    myResponseStatus: null,
  } as BusinessRequestDetail;
}

describe('the respond page names a distance as the feed does', () => {
  it.each([
    [0, 'less than 1 km away'],
    [3, 'about 3 km away'],
  ])('%d km reads %s', (km, phrase) => {
    render(<RequestSummaryCard request={view(km)} />);
    expect(
      screen.getByText((_, el) => el?.tagName === 'SPAN' && el.textContent === ` · ${phrase}`),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\b0 km away/);
  });

  it('says nothing of a distance it does not know', () => {
    render(<RequestSummaryCard request={view(null)} />);
    expect(document.body.textContent).not.toContain('km away');
  });
});
