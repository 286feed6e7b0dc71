import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TWO_WAY_MESSAGES, type ReviewEntry } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { ReviewsCard } from './reviews-card';

function entry(overrides: Partial<ReviewEntry>): ReviewEntry {
  return {
    id: 'r1',
    direction: 'of_business',
    rating: 4,
    reviewText: 'Tidy work.',
    otherPartyName: 'Omar Reyes',
    jobTitle: 'Fix power points',
    createdAt: '2026-11-20T10:00:00.000Z',
    revealedAt: '2026-11-21T10:00:00.000Z',
    isRevealed: true,
    reply: null,
    canReply: true,
    ...overrides,
  };
}

function renderCard(isBusiness: boolean) {
  render(
    <Providers queryClient={createTestQueryClient()}>
      <ReviewsCard isBusiness={isBusiness} />
    </Providers>,
  );
  return userEvent.setup();
}

describe('ReviewsCard (issue 32)', () => {
  it('shows reviews of the business with a reply, and its own review held back with when it shows', async () => {
    const { calls } = mockApi({
      'GET /api/reviews/mine': {
        body: {
          items: [
            entry({}),
            entry({
              id: 'c1',
              direction: 'of_customer',
              rating: 2,
              reviewText: null,
              isRevealed: false,
              revealedAt: '2099-12-01T10:00:00.000Z',
              canReply: false,
            }),
          ],
        },
      },
      'POST /api/reviews/r1/reply': { status: 204 },
    });
    const user = renderCard(true);
    const [ofMe, byMe] = await screen.findAllByTestId('review-entry');
    expect(ofMe!.textContent).toContain('Omar Reyes reviewed you');
    expect(ofMe!.textContent).toContain('Tidy work.');
    expect(byMe!.textContent).toContain('You reviewed Omar Reyes');
    expect(byMe!.textContent).toContain('Hidden until the other side reviews too');
    expect(within(byMe!).queryByRole('button', { name: 'Reply' })).toBeNull();

    await user.click(within(ofMe!).getByRole('button', { name: 'Reply' }));
    await user.click(within(ofMe!).getByRole('button', { name: 'Post Reply' }));
    expect(within(ofMe!).getByText(TWO_WAY_MESSAGES.replyRequired)).toBeTruthy();
    await user.type(within(ofMe!).getByLabelText(TWO_WAY_MESSAGES.replyTitle), 'Thank you!');
    await user.click(within(ofMe!).getByRole('button', { name: 'Post Reply' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ text: 'Thank you!' });
  });

  it('says so when there is nothing, and offers a retry when the list fails', async () => {
    let fail = true;
    mockApi({
      'GET /api/reviews/mine': () =>
        fail ? { status: 500, body: { error: 'internal', message: 'Down' } } : { body: { items: [] } },
    });
    const user = renderCard(false);
    expect(await screen.findByText(TWO_WAY_MESSAGES.reviewsLoadFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(TWO_WAY_MESSAGES.reviewsEmpty)).toBeTruthy();
  });
});
