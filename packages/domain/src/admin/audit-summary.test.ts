import { describe, expect, it } from 'vitest';
import { auditEventSummary } from './audit-log';

describe('auditEventSummary (issue 32)', () => {
  it('leaves an address move to its from and to', () => {
    expect(auditEventSummary('business_address_changed', { from: {}, to: {} })).toBeNull();
  });

  it('says who cancelled which booking, why, and whether it was late', () => {
    expect(
      auditEventSummary('booking_cancelled', {
        title: 'Fix a tap',
        by: 'business',
        reason: 'schedule_conflict',
        note: 'Van broke down',
        late: true,
      }),
    ).toBe('Cancelled “Fix a tap” as the business (late): Cannot make the booked time — Van broke down');
    // Details from an unknown writer read as what they are, never as a crash.
    expect(auditEventSummary('booking_cancelled', { reason: 'nonsense', late: 'yes' })).toBe(
      'Cancelled “a booking” as the party: no reason given',
    );
    expect(auditEventSummary('booking_cancelled', null)).toBe(
      'Cancelled “a booking” as the party: no reason given',
    );
  });

  it('says from and to of a move, a dispute’s side and a report’s handling', () => {
    expect(
      auditEventSummary('booking_rescheduled', {
        title: 'Fix a tap',
        from: { date: '2026-12-01', time: '09:00:00' },
        to: { date: '2026-12-03', time: null },
      }),
    ).toBe('Moved “Fix a tap” from Dec 1, 2026 at 09:00 to Dec 3, 2026');
    expect(
      auditEventSummary('dispute_decided', { title: 'Fix a tap', outcome: 'for_customer', note: 'Leak' }),
    ).toBe('Decided the dispute on “Fix a tap” for the customer — Leak');
    expect(auditEventSummary('dispute_decided', { outcome: 'toString' })).toBe(
      'Decided the dispute on “a booking” with no outcome',
    );
    expect(auditEventSummary('report_handled', { targetKind: 'message', status: 'warned' })).toBe(
      'Handled a report of a message: warned',
    );
  });
});
