import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBadges, makeMe } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render';

function api(summary: { averageRatingGiven: number | null; reviewsGiven: number } | 'fail') {
  return {
    'GET /api/me': { body: makeMe('user') },
    'GET /api/badges': { body: makeBadges() },
    'GET /api/bookings/summary':
      summary === 'fail'
        ? { status: 500, body: { error: 'internal', message: 'boom' } }
        : { body: { completedJobs: 4, totalSpent: '480.00', ...summary } },
  };
}

describe('Customer Settings rating box', () => {
  it("shows the customer's real average rating given and how many reviews it is over", async () => {
    const { calls } = mockApi(api({ averageRatingGiven: 4.5, reviewsGiven: 3 }));
    renderApp('/settings');
    const box = await screen.findByRole('region', { name: 'Your average rating given' });
    expect(box.textContent).toContain('4.5 from 3 reviews');
    expect(box.textContent).not.toContain('4.8');
    expect(box.textContent).not.toContain('47');
    expect(screen.getByTestId('rating-box-star').getAttribute('data-filled')).toBe('true');
    expect(calls.some((call) => call.path === '/api/bookings/summary')).toBe(true);
  });

  it('uses the singular for one review', async () => {
    mockApi(api({ averageRatingGiven: 5, reviewsGiven: 1 }));
    renderApp('/settings');
    const box = await screen.findByRole('region', { name: 'Your average rating given' });
    expect(box.textContent).toContain('5.0 from 1 review');
  });

  it("says 'No reviews yet' with an empty star before the first review", async () => {
    mockApi(api({ averageRatingGiven: null, reviewsGiven: 0 }));
    renderApp('/settings');
    const box = await screen.findByRole('region', { name: 'Your average rating given' });
    expect(box.textContent).toContain('No reviews yet');
    expect(screen.getByTestId('rating-box-star').getAttribute('data-filled')).toBe('false');
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    mockApi(api('fail'));
    renderApp('/settings');
    const message = await screen.findByText('Your ratings could not be loaded.');
    // Its own Retry (the page's other cards have theirs).
    const box = message.closest<HTMLElement>('[role="alert"]')!;
    expect(within(box).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
