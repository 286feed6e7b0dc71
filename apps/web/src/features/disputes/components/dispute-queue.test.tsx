import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DISPUTE_MESSAGES, type DisputeCase, type DisputeQueueItem } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { DisputeQueue } from './dispute-queue';

const QUEUE = '/api/admin/disputes?limit=20';

const item = (id: string, title: string): DisputeQueueItem => ({
  id,
  responseId: `r-${id}`,
  title,
  businessName: 'Harbour Plumbing',
  customerName: 'Casey Customer',
  reason: 'The tap still drips.',
  answerKind: 'explanation',
  openedAt: '2026-11-20T09:00:00.000Z',
  escalatedAt: '2026-11-21T09:00:00.000Z',
});

function makeCase(overrides: Partial<DisputeCase['dispute']> = {}): DisputeCase {
  return {
    dispute: {
      id: 'd1',
      status: 'escalated',
      reason: 'The tap still drips.',
      openedAt: '2026-11-20T09:00:00.000Z',
      answer: {
        kind: 'explanation',
        text: 'The tap is old and needs replacing.',
        answeredAt: '2026-11-20T12:00:00.000Z',
      },
      escalatedAt: '2026-11-21T09:00:00.000Z',
      resolution: null,
      actions: ['decide'],
      escalatableAt: null,
      ...overrides,
    },
    job: {
      responseId: 'r-d1',
      requestId: 'q1',
      title: 'Fix a leaking tap',
      serviceType: 'Plumbing',
      description: 'The kitchen tap drips all night.',
      quotedPrice: '85.00',
      priceType: 'fixed',
      completionStatus: 'contested',
      completionDate: '2026-11-19T16:00:00.000Z',
      proofImages: ['/uploads/proof.png'],
      requestImages: ['/uploads/tap.png'],
    },
    customer: { userId: 'c1', name: 'Casey Customer' },
    business: { userId: 'b1', name: 'Harbour Plumbing' },
    messages: [
      {
        id: 'm1',
        from: 'customer',
        senderName: 'Casey Customer',
        message: 'The gate code is 4411.',
        messageType: 'text',
        attachments: [],
        createdAt: '2026-11-18T09:00:00.000Z',
      },
      {
        id: 'm2',
        from: 'business',
        senderName: 'Harbour Plumbing',
        message: 'The job "Fix a leaking tap" has been marked as complete.',
        messageType: 'completion',
        attachments: ['/uploads/proof.png'],
        createdAt: '2026-11-19T16:00:00.000Z',
      },
    ],
    messagesTruncated: false,
  };
}

function renderQueue() {
  render(
    <Providers queryClient={createTestQueryClient()}>
      <DisputeQueue />
    </Providers>,
  );
  return userEvent.setup();
}

describe('DisputeQueue (/admin Disputes)', () => {
  it('says so when nothing waits for a decision', async () => {
    mockApi({ [`GET ${QUEUE}`]: { body: { items: [], nextCursor: null } } });
    renderQueue();
    expect(await screen.findByText(DISPUTE_MESSAGES.queueEmptyTitle)).toBeTruthy();
    expect(screen.getByText(DISPUTE_MESSAGES.queueEmpty)).toBeTruthy();
  });

  it('offers a retry when the queue cannot be read', async () => {
    let fail = true;
    mockApi({
      [`GET ${QUEUE}`]: () =>
        fail
          ? { status: 500, body: { error: 'internal', message: 'boom' } }
          : { body: { items: [], nextCursor: null } },
    });
    const user = renderQueue();
    expect(await screen.findByText(DISPUTE_MESSAGES.queueLoadFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(DISPUTE_MESSAGES.queueEmptyTitle)).toBeTruthy();
  });

  it('lists escalated disputes a page at a time', async () => {
    mockApi({
      [`GET ${QUEUE}`]: { body: { items: [item('d1', 'Fix a leaking tap')], nextCursor: 'd1' } },
      'GET /api/admin/disputes?cursor=d1&limit=20': {
        body: { items: [item('d2', 'Mow the lawn')], nextCursor: null },
      },
    });
    const user = renderQueue();
    const [first] = await screen.findAllByTestId('dispute-row');
    expect(first!.textContent).toContain('Fix a leaking tap');
    expect(first!.textContent).toContain('Harbour Plumbing · Casey Customer');
    expect(first!.textContent).toContain('The tap still drips.');
    expect(first!.textContent).toContain(DISPUTE_MESSAGES.answerHeading.explanation);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Mow the lawn')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens a case with both sides, the photos and the messages, and decides it after a confirmation', async () => {
    let current = makeCase();
    const { calls } = mockApi({
      [`GET ${QUEUE}`]: { body: { items: [item('d1', 'Fix a leaking tap')], nextCursor: null } },
      'GET /api/admin/disputes/d1': () => ({ body: current }),
      'POST /api/admin/disputes/d1/decide': (call) => {
        const { note } = call.body as { note: string };
        current = makeCase({
          status: 'resolved',
          actions: [],
          resolution: { outcome: 'for_customer', note, resolvedAt: '2026-11-22T09:00:00.000Z' },
        });
        return { body: current };
      },
    });
    const user = renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Open case: Fix a leaking tap' }));

    const article = await screen.findByRole('article', { name: 'Fix a leaking tap' });
    expect(within(article).getByTestId('dispute-reason').textContent).toContain('The tap still drips.');
    expect(within(article).getByTestId('dispute-answer').textContent).toContain(
      'The tap is old and needs replacing.',
    );
    expect(within(article).getByRole('img', { name: 'Proof photos 1' }).getAttribute('src')).toBe(
      '/uploads/proof.png',
    );
    expect(within(article).getByRole('img', { name: 'Customer photos 1' }).getAttribute('src')).toBe(
      '/uploads/tap.png',
    );
    const messages = within(article).getAllByTestId('dispute-message');
    expect(messages.map((m) => m.textContent)).toEqual([
      expect.stringContaining('The gate code is 4411.'),
      expect.stringContaining('Completion'),
    ]);
    // An administrator reads the conversation; there is nowhere to write in it.
    expect(within(article).queryByRole('textbox', { name: /message/i })).toBeNull();

    // Nothing chosen, a short note: refused in the form, nothing sent.
    await user.type(within(article).getByLabelText(DISPUTE_MESSAGES.noteLabel), 'Drips.');
    await user.click(within(article).getByRole('button', { name: DISPUTE_MESSAGES.decideButton }));
    expect(within(article).getByText(DISPUTE_MESSAGES.outcomeRequired)).toBeTruthy();
    expect(within(article).getByText(DISPUTE_MESSAGES.noteTooShort)).toBeTruthy();

    await user.click(within(article).getByRole('radio', { name: 'For the customer' }));
    await user.type(
      within(article).getByLabelText(DISPUTE_MESSAGES.noteLabel),
      ' The photo shows the tap still dripping.',
    );
    await user.click(within(article).getByRole('button', { name: DISPUTE_MESSAGES.decideButton }));
    const dialog = await screen.findByRole('dialog', { name: DISPUTE_MESSAGES.decideTitle });
    expect(within(dialog).getByText(DISPUTE_MESSAGES.confirmDecision('customer'))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Decide for the customer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      seenStatus: 'escalated',
      outcome: 'for_customer',
      note: 'Drips. The photo shows the tap still dripping.',
    });
    expect(await screen.findByText(DISPUTE_MESSAGES.decidedTitle)).toBeTruthy();
    const outcome = await within(article).findByTestId('dispute-outcome');
    expect(outcome.textContent).toContain('Grip decided this dispute for the customer.');
    expect(outcome.textContent).toContain('Drips. The photo shows the tap still dripping.');
    expect(within(article).queryByRole('button', { name: DISPUTE_MESSAGES.decideButton })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Back to disputes' }));
    expect(await screen.findByRole('list', { name: 'Escalated disputes' })).toBeTruthy();
  });

  it('says when a case cannot be found', async () => {
    mockApi({
      [`GET ${QUEUE}`]: { body: { items: [item('d9', 'Gone job')], nextCursor: null } },
      'GET /api/admin/disputes/d9': {
        status: 404,
        body: { error: 'not_found', message: DISPUTE_MESSAGES.notFound },
      },
    });
    const user = renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Open case: Gone job' }));
    expect(await screen.findByText(DISPUTE_MESSAGES.notFound)).toBeTruthy();
  });
});
