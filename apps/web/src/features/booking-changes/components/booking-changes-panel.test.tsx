import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHANGE_MESSAGES, localIsoDate, type BookingChanges, type BookingParty } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { BookingChangesPanel } from './booking-changes-panel';

const AHEAD = { date: '2099-04-02', time: '09:30:00' };

function changes(overrides: Partial<BookingChanges> = {}): BookingChanges {
  return {
    agreedTime: AHEAD,
    cancellation: null,
    openProposal: null,
    canCancel: true,
    canReschedule: true,
    canReopen: false,
    ...overrides,
  };
}

function renderPanel(viewer: BookingParty, value: BookingChanges) {
  render(
    <Providers queryClient={createTestQueryClient()}>
      <BookingChangesPanel
        responseId="b1"
        requestId="r1"
        title="Fix a leaking tap"
        viewer={viewer}
        changes={value}
      />
    </Providers>,
  );
  return userEvent.setup();
}

describe('BookingChangesPanel (issue 32)', () => {
  it('cancels with a reason, naming the booked time the customer saw', async () => {
    const { calls } = mockApi({ 'POST /api/bookings/b1/cancel': { status: 204 } });
    const user = renderPanel('customer', changes());
    expect(screen.getByTestId('agreed-time').textContent).toBe('Apr 2, 2099 at 09:30');

    await user.click(screen.getByRole('button', { name: 'Cancel Booking' }));
    const dialog = screen.getByRole('dialog', { name: CHANGE_MESSAGES.cancelTitle });
    expect(within(dialog).getByTestId('cancel-consequences').textContent).toContain(
      'The business is told at once',
    );
    // No reason: refused in the form, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    expect(within(dialog).getByText(CHANGE_MESSAGES.reasonRequired)).toBeTruthy();
    expect(calls).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'no_longer_needed');
    await user.type(within(dialog).getByLabelText('Anything to add (optional)'), 'We moved.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/bookings/b1/cancel',
        body: { reason: 'no_longer_needed', note: 'We moved.', seenTime: AHEAD },
      },
    ]);
    expect(await screen.findByText(CHANGE_MESSAGES.cancelledTitle)).toBeTruthy();
  });

  it('warns a business that cancelling inside 24 hours is late, and needs words for Other', async () => {
    const { calls } = mockApi({});
    const user = renderPanel(
      'business',
      changes({ agreedTime: { date: localIsoDate(new Date()), time: null } }),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel Booking' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('cancel-consequences').textContent).toContain(
      CHANGE_MESSAGES.lateWarning,
    );
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'other');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    expect(within(dialog).getByText(CHANGE_MESSAGES.noteRequiredForOther)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('closes on a refusal and says why in the server’s words', async () => {
    mockApi({
      'POST /api/bookings/b1/cancel': {
        status: 409,
        body: { error: 'conflict', message: CHANGE_MESSAGES.alreadyCancelled },
      },
    });
    const user = renderPanel('customer', changes());
    await user.click(screen.getByRole('button', { name: 'Cancel Booking' }));
    await user.selectOptions(screen.getByLabelText('Reason'), 'schedule_conflict');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel Booking' }));
    expect(await screen.findByText(CHANGE_MESSAGES.alreadyCancelled)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('answers the other party’s proposal, and offers only Withdraw on one’s own', async () => {
    const { calls } = mockApi({ 'POST /api/bookings/b1/reschedule/p1/accept': { status: 204 } });
    const proposal = {
      id: 'p1',
      proposedBy: 'business' as const,
      date: '2099-04-05',
      time: '10:00:00',
      note: 'The part arrives Monday.',
      createdAt: '2099-03-01T00:00:00.000Z',
      actions: ['accept' as const, 'decline' as const],
    };
    const user = renderPanel('customer', changes({ openProposal: proposal, canReschedule: false }));
    const box = screen.getByTestId('proposed-time');
    expect(box.textContent).toContain('The business proposed a new time: Apr 5, 2099 at 10:00');
    expect(box.textContent).toContain('The part arrives Monday.');
    expect(screen.queryByRole('button', { name: 'Propose New Time' })).toBeNull();
    await user.click(within(box).getByRole('button', { name: 'Accept New Time' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.path).toBe('/api/bookings/b1/reschedule/p1/accept');
    expect(await screen.findByText(CHANGE_MESSAGES.proposalAcceptedTitle)).toBeTruthy();
  });

  it('proposes a new time from today on, with the booked time it replaces', async () => {
    const { calls } = mockApi({ 'POST /api/bookings/b1/reschedule': { status: 204 } });
    const user = renderPanel('business', changes());
    await user.click(screen.getByRole('button', { name: 'Propose New Time' }));
    const dialog = screen.getByRole('dialog', { name: CHANGE_MESSAGES.proposeTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Propose New Time' }));
    expect(within(dialog).getByText(CHANGE_MESSAGES.dateRequired)).toBeTruthy();
    const date = within(dialog).getByLabelText('New date');
    await user.type(date, '2000-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Propose New Time' }));
    expect(within(dialog).getByText(CHANGE_MESSAGES.dateInPast)).toBeTruthy();
    await user.clear(date);
    await user.type(date, '2099-05-01');
    await user.selectOptions(within(dialog).getByLabelText('New time'), '14:00');
    await user.click(within(dialog).getByRole('button', { name: 'Propose New Time' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ date: '2099-05-01', time: '14:00', note: '', seenTime: AHEAD });
  });

  it('shows a cancellation with who and why, and lets the customer reopen the request', async () => {
    const { calls } = mockApi({ 'POST /api/requests/r1/resubmit': { body: { matchedBusinesses: 3 } } });
    const cancellation = {
      cancelledBy: 'business' as const,
      reason: 'schedule_conflict' as const,
      note: 'Van broke down',
      cancelledAt: '2099-03-01T00:00:00.000Z',
      isLate: true,
    };
    const user = renderPanel(
      'customer',
      changes({ cancellation, canCancel: false, canReschedule: false, canReopen: true }),
    );
    const notice = screen.getByTestId('cancellation-notice');
    expect(notice.textContent).toContain('CANCELLED');
    expect(notice.textContent).toContain(
      'Cancelled by the business: Cannot make the booked time — Van broke down',
    );
    // Late is the business's record, not the customer's business.
    expect(notice.textContent).not.toContain('late cancellation');
    expect(screen.queryByRole('button', { name: 'Cancel Booking' })).toBeNull();
    await user.click(within(notice).getByRole('button', { name: CHANGE_MESSAGES.reopenButton }));
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/requests/r1/resubmit']));
  });
});
