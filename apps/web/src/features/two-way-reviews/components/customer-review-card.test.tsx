import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REVIEW_MESSAGES, TWO_WAY_MESSAGES } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { deferred, mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { CustomerReviewCard } from './customer-review-card';

const STATE = 'GET /api/business/jobs/j1/customer-review';
const POST = 'POST /api/business/jobs/j1/customer-review';
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

async function renderCard() {
  render(
    <Providers queryClient={createTestQueryClient()}>
      <CustomerReviewCard jobId="j1" customerName="Omar Reyes" />
    </Providers>,
  );
  const user = userEvent.setup();
  await screen.findByRole('region', { name: TWO_WAY_MESSAGES.reviewCustomerTitle });
  return user;
}
const submit = () => screen.getByRole('button', { name: 'Submit Review' });

describe('Review the customer (useZodForm, issue 33)', () => {
  it('asks for a rating under the stars, announced, and sends nothing', async () => {
    const { calls } = mockApi({ [STATE]: { body: { canReview: true, review: null } } });
    const user = await renderCard();
    await user.click(submit());
    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe(REVIEW_MESSAGES.ratingRequired);
    expect(error.previousElementSibling?.getAttribute('aria-describedby')).toBe(error.id);
    expect(posts(calls)).toEqual([]);
    // Choosing a rating clears it.
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await waitFor(() => expect(screen.queryByText(REVIEW_MESSAGES.ratingRequired)).toBeNull());
  });

  it('disables Submit while sending and shows a refusal in the server’s words', async () => {
    const reply = deferred<Reply>();
    const { calls } = mockApi({
      [STATE]: { body: { canReview: true, review: null } },
      [POST]: () => reply.promise,
    });
    const user = await renderCard();
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByLabelText('Your review (optional)'), 'Clear about the job.');
    await user.click(submit());
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(true));
    await user.click(submit());
    reply.resolve({
      status: 409,
      body: { error: 'conflict', message: 'You already reviewed this customer.' },
    });
    expect(await screen.findByText('You already reviewed this customer.')).toBeTruthy();
    expect(posts(calls).map((c) => c.body)).toEqual([{ rating: 5, reviewText: 'Clear about the job.' }]);
  });
});
