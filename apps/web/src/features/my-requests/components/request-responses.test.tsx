import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { makeOffer } from '@/features/offers/testing/offer-fixtures';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { makeResponseSummary } from '@/features/requests/testing/request-fixtures';
import { RequestResponses } from './request-responses';

const responses = [
  makeResponseSummary(),
  makeResponseSummary({
    id: 'resp2',
    businessName: 'Tap Masters',
    quotedPrice: '240.50',
    priceType: 'fixed',
    status: 'accepted',
    ratingAverage: 4.666,
    reviewCount: 3,
  }),
];

function api() {
  return mockApi({
    'GET /api/offers/resp1': { body: makeOffer() },
    'POST /api/offers/resp1/view': { status: 204 },
    'GET /api/offers/resp2': {
      body: makeOffer({
        id: 'resp2',
        business: { name: 'Tap Masters' },
        status: 'accepted',
        stateBadge: 'BOOKED',
        actions: {
          kind: 'booked',
          canConfirm: false,
          canModify: false,
          canDecline: false,
          canIgnore: false,
          canMessage: true,
        },
      }),
    },
    'POST /api/offers/resp2/view': { status: 204 },
  });
}

/** The list as Request Details and the expanded card show it, with the app's providers. */
function renderResponses() {
  const router = createMemoryRouter([{ path: '/', element: <RequestResponses responses={responses} /> }]);
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { user };
}

describe('Business responses open their offer', () => {
  it('keeps the summary and badges, and opens the Response detail from a click', async () => {
    const { calls } = api();
    const { user } = renderResponses();
    const list = screen.getByRole('list', { name: 'Business responses' });
    expect(within(list).getByText('$80/hr')).toBeTruthy();
    expect(within(list).getByText('PENDING')).toBeTruthy();
    expect(within(list).getByText('ACCEPTED')).toBeTruthy();
    // Each business's real rating, or that it has none yet.
    expect(within(list).getByText('4.7 (3 reviews)')).toBeTruthy();
    expect(within(list).getByText('No reviews yet')).toBeTruthy();

    const opener = within(list).getByRole('button', { name: /^Drip Fix Plumbing\s*\(view offer\)$/ });
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Drip Fix Plumbing' });
    expect(within(dialog).getByRole('button', { name: /Confirm Booking/ })).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/offers/resp1/view']),
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('opens from the keyboard, for the response chosen', async () => {
    api();
    const { user } = renderResponses();
    const list = screen.getByRole('list', { name: 'Business responses' });
    within(list)
      .getByRole('button', { name: /^Tap Masters\s*\(view offer\)$/ })
      .focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Tap Masters' });
    expect(
      within(dialog)
        .getByRole('link', { name: /Message Business/ })
        .getAttribute('href'),
    ).toBe('/messages?conversation=r1-resp2');
  });
});
