import { ADMIN_SEARCH_MESSAGES as M } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { mockApi } from '@/test/mock-api';
import { createTestQueryClient } from '@/test/render';
import { makeResult, paramsOf, searchCalls, searchReply, stubGeolocation } from '../test-helpers';
import { AdminBusinessSearch } from './admin-business-search';

function renderSearch(search: Parameters<typeof mockApi>[0][string] = searchReply([makeResult()])) {
  const api = mockApi({ 'GET /api/admin/business-search': search });
  const user = userEvent.setup();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <AdminBusinessSearch />
    </Providers>,
  );
  return { api, user };
}

const box = () => screen.getByLabelText('Search businesses');

afterEach(() => {
  stubGeolocation(null);
});

describe('AdminBusinessSearch (customer home)', () => {
  it("needs search text: 'Enter search criteria'", async () => {
    const { api, user } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(M.criteriaRequired)).toBeTruthy();
    expect(box().getAttribute('aria-invalid')).toBe('true');
    await user.type(box(), '   {Enter}');
    expect(screen.getByText('Enter search criteria')).toBeTruthy();
    expect(searchCalls(api.calls)).toHaveLength(0);
  });

  it('searches by text while no location is known, without asking for one', async () => {
    const asked = stubGeolocation({ latitude: -33.8, longitude: 151.2 });
    const { api, user } = renderSearch();
    await user.type(box(), ' pool {Enter}');
    const results = await screen.findByRole('list', { name: 'Businesses found' });
    expect(searchCalls(api.calls).map((c) => c.path)).toEqual(['/api/admin/business-search?q=pool']);
    const card = within(results).getByRole('button', { name: /Blue Water Pools/ });
    expect(card.textContent).not.toContain('away');
    await user.click(card);
    expect(card.getAttribute('aria-expanded')).toBe('true');
    expect(asked).toHaveLength(0);
  });

  it('searches nearby within 5000 m once the location is known', async () => {
    const asked = stubGeolocation({ latitude: -33.8, longitude: 151.2 });
    const { api, user } = renderSearch();
    await user.type(box(), 'pool{Enter}');
    await screen.findByRole('list', { name: 'Businesses found' });

    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(asked).toHaveLength(1);
    expect(await screen.findByText('Near your location (within 5 km)')).toBeTruthy();
    // The search under way becomes a nearby one.
    await waitFor(() => expect(searchCalls(api.calls)).toHaveLength(2));
    expect(paramsOf(searchCalls(api.calls)[1]!)).toEqual({
      q: 'pool',
      latitude: '-33.8',
      longitude: '151.2',
      radiusKm: '5',
    });
    expect(await screen.findByText(/3\.1 km away/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Search everywhere' }));
    expect(screen.getByRole('button', { name: 'Use my location' })).toBeTruthy();
  });

  it("toasts 'Location error' with the browser's message", async () => {
    stubGeolocation({ code: 1, message: 'User denied Geolocation' });
    const { user } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(M.locationErrorTitle)).toBeTruthy();
    expect(screen.getByText('User denied Geolocation')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use my location' })).toBeTruthy();
  });

  it("says 'No results found' when nothing matches", async () => {
    const { user } = renderSearch(searchReply([]));
    await user.type(box(), 'zzz{Enter}');
    expect(await screen.findByText('No results found')).toBeTruthy();
    expect(screen.getByText('Try a different search term or location.')).toBeTruthy();
  });

  it("says 'Search failed' when the search fails", async () => {
    const { user } = renderSearch({ status: 500, body: { error: 'internal', message: 'x' } });
    await user.type(box(), 'pool{Enter}');
    expect(await screen.findByRole('alert')).toBeTruthy();
    // The toast and the inline message both carry the spec's words.
    await waitFor(() =>
      expect(screen.getAllByText(/Unable to search businesses\. Please try again\./)).toHaveLength(2),
    );
    expect(screen.getAllByText(/Search failed/).length).toBeGreaterThanOrEqual(2);
  });
});
