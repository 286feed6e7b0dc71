import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHANGE_MESSAGES, localIsoDate } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { deferred, mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { ProposeTimeDialog } from './propose-time-dialog';

/** Propose New Time and Cancel Booking on useZodForm (issue 33): errors, pending and refusals alike. */
const AGREED = { date: '2099-05-05', time: '10:00' };
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

function renderDialog(ui: React.ReactNode) {
  render(<Providers queryClient={createTestQueryClient()}>{ui}</Providers>);
  return userEvent.setup();
}

describe('Propose New Time', () => {
  const open = () =>
    renderDialog(<ProposeTimeDialog responseId="r1" agreedTime={AGREED} open onOpenChange={() => {}} />);
  const button = () => screen.getByRole('button', { name: CHANGE_MESSAGES.proposeButton });

  it('asks for a date, refuses one before today next to the field, and sends nothing', async () => {
    const { calls } = mockApi({});
    const user = open();
    const date = screen.getByLabelText('New date');
    await user.click(button());
    expect(await screen.findByText(CHANGE_MESSAGES.dateRequired)).toBeTruthy();
    expect(date.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(date)); // focus moves once validation settles

    fireEvent.change(date, { target: { value: '2020-01-01' } });
    await user.click(button());
    expect(await screen.findByText(CHANGE_MESSAGES.dateInPast)).toBeTruthy();
    expect(screen.getByText(CHANGE_MESSAGES.dateInPast).id).toBe(date.getAttribute('aria-describedby'));
    expect(posts(calls)).toEqual([]);
  });

  it('disables the button while sending, sends once, and shows a refusal in the server’s words', async () => {
    const reply = deferred<Reply>();
    const { calls } = mockApi({ 'POST /api/bookings/r1/reschedule': () => reply.promise });
    const user = open();
    const date = screen.getByLabelText('New date');
    const tomorrow = localIsoDate(new Date(Date.now() + 86_400_000));
    fireEvent.change(date, { target: { value: tomorrow } });
    await user.type(screen.getByLabelText('Note (optional)'), 'Morning suits me');
    fireEvent.submit(date.closest('form')!);
    await waitFor(() => expect(button().hasAttribute('disabled')).toBe(true));
    fireEvent.submit(date.closest('form')!);
    reply.resolve({
      status: 400,
      body: { error: 'bad_request', message: 'That is the booked time already.' },
    });
    expect(await screen.findByText('That is the booked time already.')).toBeTruthy();
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]!.body).toEqual({
      date: tomorrow,
      time: null,
      note: 'Morning suits me',
      seenTime: AGREED,
    });
  });
});

describe('Cancel Booking', () => {
  const open = () =>
    renderDialog(
      <CancelBookingDialog
        responseId="r1"
        viewer="customer"
        title="Fix the tap"
        agreedTime={AGREED}
        open
        onOpenChange={() => {}}
      />,
    );
  const button = () => screen.getByRole('button', { name: CHANGE_MESSAGES.cancelConfirm });

  it('asks for a reason, and words for Other, next to the fields; nothing is sent', async () => {
    const { calls } = mockApi({});
    const user = open();
    await user.click(button());
    expect(await screen.findByText(CHANGE_MESSAGES.reasonRequired)).toBeTruthy();
    const reason = screen.getByLabelText('Reason');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(reason)); // focus moves once validation settles

    await user.selectOptions(reason, 'other');
    await user.click(button());
    const note = screen.getByLabelText('Tell them why');
    expect(await screen.findByText(CHANGE_MESSAGES.noteRequiredForOther)).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    // Choosing another reason checks the words again: they are optional then.
    await user.selectOptions(reason, 'schedule_conflict');
    await waitFor(() => expect(screen.queryByText(CHANGE_MESSAGES.noteRequiredForOther)).toBeNull());
    expect(posts(calls)).toEqual([]);
  });

  it('disables both buttons while cancelling and shows a refusal in the server’s words', async () => {
    const reply = deferred<Reply>();
    const { calls } = mockApi({ 'POST /api/bookings/r1/cancel': () => reply.promise });
    const user = open();
    await user.selectOptions(screen.getByLabelText('Reason'), 'no_longer_needed');
    await user.click(button());
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(button().hasAttribute('disabled')).toBe(true));
    expect(
      within(dialog).getByRole('button', { name: CHANGE_MESSAGES.cancelKeep }).hasAttribute('disabled'),
    ).toBe(true);
    reply.resolve({
      status: 422,
      body: { error: 'unprocessable', message: 'This booking is already done.' },
    });
    expect(await screen.findByText('This booking is already done.')).toBeTruthy();
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]!.body).toEqual({ reason: 'no_longer_needed', note: '', seenTime: AGREED });
  });
});
