import { REVIEW_MESSAGES, type PendingReview } from '@grip/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { advance, useFakeClock } from '@/test/clock';
import { Providers } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { ReviewDialog, type ReviewProgress } from './review-dialog';

const job: PendingReview = {
  responseId: 'resp-1',
  requestId: 'req-1',
  requestTitle: 'Hedge trimming',
  businessUserId: 'b1',
  businessName: 'Hedge Heroes',
  quotedPrice: '120.00',
  priceType: 'fixed',
  completionDate: new Date(2025, 2, 14, 10).toISOString(),
};

function renderDialog(options: { progress?: ReviewProgress } = {}) {
  const onOpenChange = vi.fn();
  const onReviewed = vi.fn();
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <ReviewDialog
        job={job}
        open={open}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
        progress={options.progress}
        onReviewed={onReviewed}
      />
    );
  }
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <Harness />
    </Providers>,
  );
  return { user, onOpenChange, onReviewed };
}

const submitButton = () => screen.getByRole('button', { name: 'Submit Review' }) as HTMLButtonElement;
const star = (name: string) => screen.getByRole('radio', { name });

describe('ReviewDialog', () => {
  it('shows the business and the job, and keeps submit disabled until a star is chosen', async () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: REVIEW_MESSAGES.dialogTitle });
    expect(dialog.textContent).toContain('Hedge Heroes');
    expect(dialog.textContent).toContain('Hedge trimming');
    expect(dialog.textContent).toContain('$120');
    expect(dialog.textContent).toContain('Mar 14, 2025');
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(submitButton().disabled).toBe(true);
    fireEvent.click(star('4 stars'));
    expect(star('4 stars').getAttribute('aria-checked')).toBe('true');
    expect(submitButton().disabled).toBe(false);
  });

  it('chooses stars with the keyboard', async () => {
    const { user } = renderDialog();
    // Radix moves focus a tick after the key goes down and chooses the star it lands on while the key
    // is held, as in a browser: hold the key, wait for the move, release.
    const press = async (key: string, expected: string) => {
      await user.keyboard(`{${key}>}`);
      await waitFor(() => expect(star(expected).getAttribute('aria-checked')).toBe('true'));
      await user.keyboard(`{/${key}}`);
      expect(document.activeElement).toBe(star(expected));
    };
    await user.click(star('3 stars'));
    expect(star('3 stars').getAttribute('aria-checked')).toBe('true');
    await press('ArrowRight', '4 stars');
    await press('ArrowLeft', '3 stars');
    await press('ArrowLeft', '2 stars');
    expect(star('4 stars').getAttribute('aria-checked')).toBe('false');
    expect((screen.getByRole('button', { name: 'Submit Review' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('is reached with Tab, starting on the first star', async () => {
    const { user } = renderDialog();
    const text = screen.getByLabelText('Your review (optional)');
    text.focus();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(star('1 star'));
    await user.keyboard('{ArrowRight>}');
    await waitFor(() => expect(star('2 stars').getAttribute('aria-checked')).toBe('true'));
    await user.keyboard('{/ArrowRight}');
  });

  it('counts the review text live and caps it at 1000 characters', async () => {
    const { user } = renderDialog();
    const text = screen.getByLabelText('Your review (optional)') as HTMLTextAreaElement;
    expect(screen.getByText('0/1000')).toBeTruthy();
    expect(text.maxLength).toBe(1000);
    await user.type(text, 'Great job');
    expect(screen.getByText('9/1000')).toBeTruthy();
  });

  it('posts the rating and the trimmed text, thanks the customer and closes', async () => {
    const { calls } = mockApi({
      'POST /api/reviews': { status: 201, body: { id: 'rv1', rating: 5, reviewText: 'Spotless work.' } },
    });
    const { user, onOpenChange, onReviewed } = renderDialog();
    await user.click(star('5 stars'));
    await user.type(screen.getByLabelText('Your review (optional)'), '  Spotless work.  ');
    await user.click(submitButton());
    expect(await screen.findByText(REVIEW_MESSAGES.submittedTitle)).toBeTruthy();
    expect(screen.getByText(REVIEW_MESSAGES.submitted)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { responseId: 'resp-1', rating: 5, reviewText: 'Spotless work.' },
    ]);
    expect(onReviewed).toHaveBeenCalledWith(job);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends blank text as null', async () => {
    const { calls } = mockApi({
      'POST /api/reviews': { status: 201, body: { id: 'rv1', rating: 2, reviewText: null } },
    });
    const { user } = renderDialog();
    await user.click(star('2 stars'));
    await user.type(screen.getByLabelText('Your review (optional)'), '   ');
    await user.click(submitButton());
    await screen.findByText(REVIEW_MESSAGES.submittedTitle);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      responseId: 'resp-1',
      rating: 2,
      reviewText: null,
    });
  });

  it('asks for a rating when the form is somehow submitted without one', async () => {
    const { calls } = mockApi({});
    renderDialog();
    fireEvent.submit(submitButton().closest('form')!);
    expect(await screen.findByText(REVIEW_MESSAGES.ratingRequiredTitle)).toBeTruthy();
    expect(screen.getByText(REVIEW_MESSAGES.ratingRequired)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('is not closed by a click outside; Esc and Later close it outside the gate', async () => {
    useFakeClock();
    const { user, onOpenChange } = renderDialog();
    // Radix starts listening for outside presses on a zero-delay timer after opening: run it, so the
    // click below is one it hears (else the dialog would stay open for want of listening).
    await advance(1);
    const overlay = document.querySelector('[data-state="open"]:not([role="dialog"])');
    expect(overlay).toBeTruthy();
    await userEvent.setup({ pointerEventsCheck: 0 }).click(overlay!);
    expect(screen.getByRole('dialog', { name: REVIEW_MESSAGES.dialogTitle })).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('offers Later outside the gate', async () => {
    const { user, onOpenChange } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('in the gate shows the progress, the gate’s button words, and ignores Esc', async () => {
    const { user, onOpenChange } = renderDialog({ progress: { index: 0, total: 2 } });
    expect(screen.getByText('Review 1 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next Review' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: REVIEW_MESSAGES.dialogTitle })).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('says the submission failed for our errors and keeps the dialog open', async () => {
    mockApi({ 'POST /api/reviews': { status: 500, body: { error: 'internal', message: 'boom' } } });
    const { user, onReviewed } = renderDialog();
    await user.click(star('4 stars'));
    await user.click(submitButton());
    expect(await screen.findByText(REVIEW_MESSAGES.submitFailed)).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
    expect(onReviewed).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: REVIEW_MESSAGES.dialogTitle })).toBeTruthy();
    expect(star('4 stars').getAttribute('aria-checked')).toBe('true');
  });

  it('says the submission failed when the network is down', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { user } = renderDialog();
    await user.click(star('4 stars'));
    await user.click(submitButton());
    expect(await screen.findByText(REVIEW_MESSAGES.submitFailed)).toBeTruthy();
  });

  it('shows the server’s reason for a refusal', async () => {
    mockApi({
      'POST /api/reviews': {
        status: 409,
        body: { error: 'conflict', message: REVIEW_MESSAGES.contested },
      },
    });
    const { user } = renderDialog();
    await user.click(star('3 stars'));
    await user.click(submitButton());
    expect(await screen.findByText(REVIEW_MESSAGES.contested)).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('treats an already reviewed job as done', async () => {
    mockApi({
      'POST /api/reviews': {
        status: 409,
        body: { error: 'conflict', message: REVIEW_MESSAGES.alreadyReviewed },
      },
    });
    const { user, onReviewed, onOpenChange } = renderDialog();
    await user.click(star('3 stars'));
    await user.click(submitButton());
    expect(await screen.findByText(REVIEW_MESSAGES.alreadyReviewed)).toBeTruthy();
    expect(screen.queryByText('Error')).toBeNull();
    expect(onReviewed).toHaveBeenCalledWith(job);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
