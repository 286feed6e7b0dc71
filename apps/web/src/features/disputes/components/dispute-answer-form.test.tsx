import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DISPUTE_MESSAGES, type DisputeView } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { deferred, mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { DisputeAnswerForm } from './dispute-answer-form';

const DISPUTE: DisputeView = {
  id: 'd1',
  status: 'awaiting_business',
  reason: 'The tap still drips.',
  openedAt: '2026-11-20T10:00:00.000Z',
  answer: null,
  escalatedAt: null,
  resolution: null,
  actions: [],
  escalatableAt: null,
};
const ANSWER = 'POST /api/disputes/d1/answer';
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

function renderForm() {
  render(
    <Providers queryClient={createTestQueryClient()}>
      <DisputeAnswerForm dispute={DISPUTE} />
    </Providers>,
  );
  return userEvent.setup();
}

const send = () => screen.getByRole('button', { name: DISPUTE_MESSAGES.answerButton });
const text = () => screen.getByLabelText(DISPUTE_MESSAGES.answerLabel);

describe('DisputeAnswerForm (useZodForm, issue 33)', () => {
  it('says what is missing next to each field, focuses the first, and sends nothing', async () => {
    const { calls } = mockApi({});
    const user = renderForm();
    await user.type(text(), 'Too short');
    await user.click(send());
    expect(await screen.findByText(DISPUTE_MESSAGES.answerRequired)).toBeTruthy();
    expect(screen.getByText(DISPUTE_MESSAGES.answerTooShort).id).toBe(
      text().getAttribute('aria-describedby')?.split(' ').at(-1),
    );
    expect(text().getAttribute('aria-invalid')).toBe('true');
    const first = screen.getByRole('radio', { name: /Offer to fix it/ });
    expect(first.getAttribute('aria-invalid')).toBe('true');
    // react-hook-form moves the focus once its validation has settled.
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(posts(calls)).toEqual([]);
  });

  it('disables Send while the answer is on its way, then shows the server’s refusal in words', async () => {
    const reply = deferred<Reply>();
    const { calls } = mockApi({ [ANSWER]: () => reply.promise });
    const user = renderForm();
    await user.click(screen.getByRole('radio', { name: /Explain/ }));
    await user.type(text(), 'The tap is old and needs replacing.');
    await user.click(send());
    await waitFor(() => expect(send().hasAttribute('disabled')).toBe(true));
    await user.click(send());
    reply.resolve({ status: 409, body: { error: 'conflict', message: 'The customer already accepted.' } });
    expect(await screen.findByText('The customer already accepted.')).toBeTruthy();
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]!.body).toEqual({
      seenStatus: 'awaiting_business',
      kind: 'explanation',
      text: 'The tap is old and needs replacing.',
    });
    await waitFor(() => expect(send().hasAttribute('disabled')).toBe(false));
  });
});
