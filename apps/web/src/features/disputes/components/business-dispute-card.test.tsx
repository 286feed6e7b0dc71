import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DISPUTE_MESSAGES, type DisputeView } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { BusinessDisputeCard } from './business-dispute-card';

const HOUR = 60 * 60_000;

function answered(answeredAgo: number, overrides: Partial<DisputeView> = {}): DisputeView {
  const answeredAt = Date.now() - answeredAgo;
  return {
    id: 'd1',
    status: 'awaiting_customer',
    reason: 'The tap still drips.',
    openedAt: new Date(answeredAt - HOUR).toISOString(),
    answer: {
      kind: 'explanation',
      text: 'The tap is old and needs replacing.',
      answeredAt: new Date(answeredAt).toISOString(),
    },
    escalatedAt: null,
    resolution: null,
    actions: [],
    escalatableAt: new Date(answeredAt + 48 * HOUR).toISOString(),
    ...overrides,
  };
}

function renderCard(dispute: DisputeView) {
  render(
    <Providers queryClient={createTestQueryClient()}>
      <BusinessDisputeCard dispute={dispute} />
    </Providers>,
  );
  return userEvent.setup();
}

describe('BusinessDisputeCard', () => {
  it('waits for the customer, then offers Escalate to Grip after 48 hours of silence', async () => {
    const { calls } = mockApi({
      'POST /api/disputes/d1/escalate': { body: answered(49 * HOUR, { status: 'escalated' }) },
    });
    const user = renderCard(answered(49 * HOUR));
    const card = screen.getByRole('region', { name: 'Waiting for the customer' });
    expect(within(card).getByTestId('dispute-answer').textContent).toContain('Your explanation');
    await user.click(within(card).getByRole('button', { name: DISPUTE_MESSAGES.escalateButton }));
    const dialog = await screen.findByRole('dialog', { name: DISPUTE_MESSAGES.escalateTitle });
    await user.click(within(dialog).getByRole('button', { name: DISPUTE_MESSAGES.escalateButton }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      path: '/api/disputes/d1/escalate',
      body: { seenStatus: 'awaiting_customer' },
    });
    expect(await screen.findByText(DISPUTE_MESSAGES.escalatedTitle)).toBeTruthy();
  });

  it('before the 48 hours, says when it may escalate', () => {
    mockApi({});
    renderCard(answered(HOUR));
    expect(screen.queryByRole('button', { name: DISPUTE_MESSAGES.escalateButton })).toBeNull();
    expect(
      screen.getByText(/If the customer has not replied by .*, you can bring this to Grip\./),
    ).toBeTruthy();
  });

  it('while escalated, says an administrator is deciding and offers nothing', () => {
    mockApi({});
    renderCard(
      answered(HOUR, { status: 'escalated', escalatableAt: null, escalatedAt: new Date().toISOString() }),
    );
    expect(screen.getByRole('region', { name: 'An administrator is deciding' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('once decided, shows the outcome and Grip’s note', () => {
    mockApi({});
    renderCard(
      answered(3 * HOUR, {
        status: 'resolved',
        escalatableAt: null,
        resolution: {
          outcome: 'for_business',
          note: 'The work matches the quote.',
          resolvedAt: new Date().toISOString(),
        },
      }),
    );
    const card = screen.getByRole('region', { name: 'Dispute resolved' });
    const outcome = within(card).getByTestId('dispute-outcome');
    expect(outcome.textContent).toContain('Grip decided this dispute for the business. The job is final.');
    expect(outcome.textContent).toContain('The work matches the quote.');
  });
});
