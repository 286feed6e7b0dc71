import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JOB_MESSAGES } from '@grip/domain';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '@/app/providers';
import { deferred, mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { EmailJobDialog } from './email-job-dialog';

const EMAIL = 'POST /api/business/jobs/j1/email';
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

function renderDialog(onOpenChange = vi.fn()) {
  render(
    <Providers queryClient={createTestQueryClient()}>
      <EmailJobDialog jobId="j1" open onOpenChange={onOpenChange} />
    </Providers>,
  );
  return { user: userEvent.setup(), onOpenChange };
}
const field = () => screen.getByLabelText('Email address');
const send = () => screen.getByRole('button', { name: /Send Email|Sending…/ });

describe('Email Job Details (useZodForm, issue 33)', () => {
  it('says a blank or malformed address next to the field (and toasts a blank one); nothing is sent', async () => {
    const { calls } = mockApi({});
    const { user } = renderDialog();
    await user.type(field(), '{Enter}');
    expect(await screen.findByText(JOB_MESSAGES.emailRequiredTitle)).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    const error = screen.getAllByText(JOB_MESSAGES.emailRequired).find((el) => el.id);
    expect(error?.id).toBe(field().getAttribute('aria-describedby'));

    await user.type(field(), 'not-an-address{Enter}');
    expect(await screen.findByText(JOB_MESSAGES.emailInvalid)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field())); // focus moves once validation settles
    expect(posts(calls)).toEqual([]);
  });

  it('sends on Enter, says Sending… with the button disabled, and closes once queued', async () => {
    const reply = deferred<Reply>();
    const { calls } = mockApi({ [EMAIL]: () => reply.promise });
    const { user, onOpenChange } = renderDialog();
    await user.type(field(), 'crew@example.com{Enter}');
    await waitFor(() => expect(send().textContent).toBe('Sending…'));
    expect(send().hasAttribute('disabled')).toBe(true);
    reply.resolve({ body: { queued: true } });
    expect(await screen.findByText(JOB_MESSAGES.emailSentTitle)).toBeTruthy();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(posts(calls).map((c) => c.body)).toEqual([{ email: 'crew@example.com' }]);
  });

  it('shows a refusal in the server’s words and keeps the address', async () => {
    const { calls } = mockApi({
      [EMAIL]: { status: 429, body: { error: 'rate_limited', message: JOB_MESSAGES.emailRateLimited } },
    });
    const { user, onOpenChange } = renderDialog();
    await user.type(field(), 'crew@example.com');
    await user.click(send());
    expect(await screen.findByText(JOB_MESSAGES.emailRateLimited)).toBeTruthy();
    expect(screen.getByText(JOB_MESSAGES.emailFailedTitle)).toBeTruthy();
    expect((field() as HTMLInputElement).value).toBe('crew@example.com');
    await waitFor(() => expect(send().hasAttribute('disabled')).toBe(false));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(posts(calls)).toHaveLength(1);
  });
});
