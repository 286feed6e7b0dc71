import type { DirectoryBusiness } from '@grip/domain';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { DiscoverBusinesses } from './discover-businesses';

function business(overrides: Partial<DirectoryBusiness>): DirectoryBusiness {
  return {
    userId: 'b1',
    businessName: 'Paws About Town',
    avatarUrl: null,
    serviceCategories: ['Pet Care'],
    areaLabel: null,
    distanceKm: null,
    ratingAverage: null,
    reviewCount: 0,
    lateCancellations: 0,
    ...overrides,
  };
}

async function renderWith(businesses: DirectoryBusiness[]) {
  mockApi({ 'GET /api/businesses/discover': { body: businesses } });
  render(
    <Providers queryClient={createTestQueryClient()}>
      <MemoryRouter>
        <DiscoverBusinesses />
      </MemoryRouter>
    </Providers>,
  );
  const items = await screen.findAllByRole('listitem');
  return items.map((item) => within(item).getByTestId('business-rating'));
}

describe('DiscoverBusinesses ratings', () => {
  it('shows a filled star beside a real rating', async () => {
    const [rated, single] = await renderWith([
      business({ userId: 'b1', ratingAverage: 4.46, reviewCount: 12 }),
      business({ userId: 'b2', businessName: 'Pipe Pros', ratingAverage: 5, reviewCount: 1 }),
    ]);
    expect(rated?.textContent).toBe('4.5 (12 reviews)');
    expect(rated?.querySelector('svg')).not.toBeNull();
    expect(single?.textContent).toBe('5.0 (1 review)');
  });

  it("shows no star beside 'No reviews yet'", async () => {
    const [unrated] = await renderWith([business({ ratingAverage: null, reviewCount: 0 })]);
    expect(unrated?.textContent).toBe('No reviews yet');
    expect(unrated?.querySelector('svg')).toBeNull();
  });
});

describe('DiscoverBusinesses late cancellations (issue 32)', () => {
  it("shows a business's late cancellations of the last 12 months on its card, and nothing for none", async () => {
    mockApi({
      'GET /api/businesses/discover': {
        body: [
          business({ userId: 'b1', businessName: 'Late Larry', lateCancellations: 2 }),
          business({ userId: 'b2', businessName: 'Once Only', lateCancellations: 1 }),
          business({ userId: 'b3', businessName: 'Punctual Pools', lateCancellations: 0 }),
        ],
      },
    });
    render(
      <Providers queryClient={createTestQueryClient()}>
        <MemoryRouter>
          <DiscoverBusinesses />
        </MemoryRouter>
      </Providers>,
    );
    const [late, once, punctual] = await screen.findAllByRole('listitem');
    expect(within(late!).getByTestId('late-cancellations').textContent).toBe(
      '2 late cancellations in 12 months',
    );
    expect(within(once!).getByTestId('late-cancellations').textContent).toBe(
      '1 late cancellation in 12 months',
    );
    expect(within(punctual!).queryByTestId('late-cancellations')).toBeNull();
    expect(within(punctual!).queryByText(/late cancellation/)).toBeNull();
  });
});
