import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODERATION_MESSAGES as M } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { deferred, mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { ReportDialog, type ReportTargetOption } from './report-dialog';

const TARGETS: ReportTargetOption[] = [
  { kind: 'user', id: 'u2', label: 'Omar Reyes (the account)' },
  { kind: 'message', id: 'm9', label: 'Their message: "pay me outside Grip"' },
];
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

/** The dialog open, its form's code (loaded on first opening) here. */
async function renderDialog() {
  render(
    <Providers queryClient={createTestQueryClient()}>
      <ReportDialog open onOpenChange={() => {}} title="Report" targets={TARGETS} />
    </Providers>,
  );
  await screen.findByRole('button', { name: M.reportSend });
  return userEvent.setup();
}
const send = () => screen.getByRole('button', { name: M.reportSend });

describe('Report dialog (useZodForm, issue 33)', () => {
  it('says what is missing next to each field, focusing the first, and sends nothing', async () => {
    const { calls } = mockApi({});
    const user = await renderDialog();
    await user.click(send());
    const what = screen.getByLabelText(M.reportWhat);
    expect(await screen.findByText(M.targetRequired)).toBeTruthy();
    expect(screen.getByText(M.reasonRequired)).toBeTruthy();
    expect(what.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(M.reasonLabel).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(what)); // focus moves once validation settles

    await user.selectOptions(what, '1');
    await user.selectOptions(screen.getByLabelText(M.reasonLabel), 'other');
    await user.click(send());
    expect(await screen.findByText(M.noteRequiredForOther)).toBeTruthy();
    expect(screen.getByLabelText(M.noteRequiredLabel).getAttribute('aria-invalid')).toBe('true');
    expect(posts(calls)).toEqual([]);
  });

  it('disables Send while sending, and puts a 400’s words under its field', async () => {
    const reply = deferred<Reply>();
    const { calls } = mockApi({ 'POST /api/reports': () => reply.promise });
    const user = await renderDialog();
    await user.selectOptions(screen.getByLabelText(M.reportWhat), '1');
    await user.selectOptions(screen.getByLabelText(M.reasonLabel), 'fraud');
    await user.type(screen.getByLabelText(M.noteOptionalLabel), 'Asked to pay in cash.');
    await user.click(send());
    await waitFor(() => expect(send().hasAttribute('disabled')).toBe(true));
    reply.resolve({
      status: 400,
      body: {
        error: 'validation',
        message: 'Invalid input',
        fields: { note: 'Links are not allowed here.' },
      },
    });
    expect(await screen.findByText('Links are not allowed here.')).toBeTruthy();
    expect(screen.getByLabelText(M.noteOptionalLabel).getAttribute('aria-invalid')).toBe('true');
    expect(posts(calls).map((c) => c.body)).toEqual([
      { targetKind: 'message', targetId: 'm9', reason: 'fraud', note: 'Asked to pay in cash.' },
    ]);
  });

  it('shows any other refusal in the server’s words', async () => {
    mockApi({
      'POST /api/reports': {
        status: 429,
        body: { error: 'rate_limited', message: 'Too many reports today.' },
      },
    });
    const user = await renderDialog();
    await user.selectOptions(screen.getByLabelText(M.reportWhat), '0');
    await user.selectOptions(screen.getByLabelText(M.reasonLabel), 'spam');
    await user.click(send());
    expect(await screen.findByText('Too many reports today.')).toBeTruthy();
    expect(screen.getByText(M.reportFailed)).toBeTruthy();
  });
});
