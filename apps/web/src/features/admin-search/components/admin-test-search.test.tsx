import { ADMIN_SEARCH_DEBOUNCE_MS, ADMIN_SEARCH_MESSAGES as M } from '@grip/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import {
  advance,
  advanceFakeTimers,
  freezeClock,
  resumeClock,
  settleUntil,
  useFakeClock,
} from '@/test/clock';
import { makeBadges, makeMe } from '@/test/fixtures';
import { mockApi, type ApiCall, type Reply } from '@/test/mock-api';
import { createTestQueryClient, renderApp } from '@/test/render';
import { makeResult, paramsOf, searchCalls, searchReply, stubGeolocation } from '../test-helpers';
import { AdminTestSearch } from './admin-test-search';

const MANLY = { label: 'Manly NSW 2095', latitude: -33.797, longitude: 151.285, area: 'Manly NSW 2095' };

function geocode(call: ApiCall): Reply {
  const address = new URL(call.path, 'http://x').searchParams.get('address');
  return address?.toLowerCase() === 'manly'
    ? { body: MANLY }
    : { status: 404, body: { error: 'not_found', message: 'We could not find that address.' } };
}

function renderSearch(search: Parameters<typeof mockApi>[0][string] = searchReply([makeResult()])) {
  const api = mockApi({ 'GET /api/geo/geocode': geocode, 'GET /api/admin/business-search': search });
  const user = userEvent.setup({ advanceTimers: advanceFakeTimers });
  render(
    <Providers queryClient={createTestQueryClient()}>
      <AdminTestSearch />
    </Providers>,
  );
  return { api, user };
}

const keyword = () => screen.getByLabelText('Keyword');
const addressField = () => screen.getByLabelText('Address');
const locationSwitch = () => screen.getByRole('switch', { name: 'Use current location' });

/**
 * Types into the fields as one burst (the faked clock stands still meanwhile), then lets the 500 ms
 * wait pass: however slow the machine, the search sees the whole criteria as one change.
 */
async function fill(user: UserEvent, ...entries: [field: () => HTMLElement, text: string][]) {
  freezeClock();
  try {
    for (const [field, text] of entries) await user.type(field(), text);
  } finally {
    resumeClock();
  }
  await advance(ADMIN_SEARCH_DEBOUNCE_MS);
}

afterEach(() => {
  stubGeolocation(null);
});

describe('AdminTestSearch', () => {
  beforeEach(() => {
    useFakeClock();
  });

  it('says what is missing, then searches once, 500 ms after the last change', async () => {
    const { api, user } = renderSearch();
    // Typing takes no faked time from here, so a word is one change however slow the machine is.
    freezeClock();
    expect(screen.getByText(M.needsQueryAndLocation)).toBeTruthy();
    expect((screen.getByLabelText('Radius') as HTMLSelectElement).value).toBe('5');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '1 km',
      '5 km',
      '10 km',
      '25 km',
      '50 km',
    ]);

    await user.type(addressField(), 'Manly');
    expect(screen.getByText(M.needsQuery)).toBeTruthy();
    await advance(ADMIN_SEARCH_DEBOUNCE_MS);
    await settleUntil(() => expect(screen.getByText('Found: Manly NSW 2095')).toBeTruthy());
    expect(searchCalls(api.calls)).toHaveLength(0);

    await user.type(keyword(), 'poo');
    await advance(ADMIN_SEARCH_DEBOUNCE_MS - 100);
    // The last key restarts the wait.
    await user.type(keyword(), 'l');
    await advance(ADMIN_SEARCH_DEBOUNCE_MS - 1);
    expect(searchCalls(api.calls)).toHaveLength(0);
    await advance(1);
    await settleUntil(() => expect(searchCalls(api.calls)).toHaveLength(1));
    expect(paramsOf(searchCalls(api.calls)[0]!)).toEqual({
      q: 'pool',
      latitude: String(MANLY.latitude),
      longitude: String(MANLY.longitude),
      radiusKm: '5',
    });
    // One address lookup for the whole word, not one per key.
    expect(api.calls.filter((c) => c.path.startsWith('/api/geo/geocode'))).toHaveLength(1);

    await settleUntil(() => expect(screen.getByRole('list', { name: 'Businesses found' })).toBeTruthy());
    const results = screen.getByRole('list', { name: 'Businesses found' });
    expect(within(results).getByText('Blue Water Pools')).toBeTruthy();
    expect(screen.getByText('1 business within 5 km')).toBeTruthy();
    // And no second search later for the same criteria.
    await advance(10 * ADMIN_SEARCH_DEBOUNCE_MS);
    expect(searchCalls(api.calls)).toHaveLength(1);
  });

  it('runs again when the radius changes', async () => {
    const { api, user } = renderSearch();
    await fill(user, [addressField, 'Manly'], [keyword, 'pool']);
    await screen.findByRole('list', { name: 'Businesses found' });

    await user.selectOptions(screen.getByLabelText('Radius'), '10');
    await advance(ADMIN_SEARCH_DEBOUNCE_MS);
    await waitFor(() => expect(searchCalls(api.calls)).toHaveLength(2));
    expect(paramsOf(searchCalls(api.calls)[1]!).radiusKm).toBe('10');
    expect(await screen.findByText('1 business within 10 km')).toBeTruthy();
  });

  it("says 'Geocoding Error' when the address cannot be found, and searches nothing", async () => {
    const { api, user } = renderSearch();
    await fill(user, [keyword, 'pool'], [addressField, 'Atlantis']);
    expect(await screen.findByText(M.geocodingErrorTitle)).toBeTruthy();
    expect(screen.getAllByText(M.geocodingError).length).toBeGreaterThan(0);
    expect(addressField().getAttribute('aria-invalid')).toBe('true');
    expect(searchCalls(api.calls)).toHaveLength(0);
  });

  it('searches near the current location, and turns the switch off when locating fails', async () => {
    stubGeolocation({ latitude: -33.8, longitude: 151.2 });
    const { api, user } = renderSearch();
    await fill(user, [keyword, 'pool']);
    await user.click(locationSwitch());
    expect(locationSwitch().getAttribute('aria-checked')).toBe('true');
    expect(await screen.findByText('Current location: -33.8000, 151.2000')).toBeTruthy();
    expect(screen.queryByLabelText('Address')).toBeNull();
    await waitFor(() => expect(searchCalls(api.calls)).toHaveLength(1));
    expect(paramsOf(searchCalls(api.calls)[0]!)).toMatchObject({ latitude: '-33.8', longitude: '151.2' });

    await user.click(locationSwitch());
    expect(locationSwitch().getAttribute('aria-checked')).toBe('false');
    stubGeolocation({ code: 2, message: 'Position unavailable' });
    await user.click(locationSwitch());
    expect(await screen.findByText(M.locationErrorTitle)).toBeTruthy();
    expect(screen.getByText('Position unavailable')).toBeTruthy();
    expect(locationSwitch().getAttribute('aria-checked')).toBe('false');
    expect(addressField()).toBeTruthy();
  });

  it('opens and closes a result card with the keyboard', async () => {
    const { user } = renderSearch();
    await fill(user, [addressField, 'Manly'], [keyword, 'pool']);
    const card = await screen.findByRole('button', { name: /Blue Water Pools/ });
    expect(card.textContent).toContain('3.1 km away');
    expect(card.textContent).toContain('Manly NSW 2095');
    expect(card.textContent).toContain('4.5 (2 reviews)');
    expect(card.getAttribute('aria-expanded')).toBe('false');
    const details = document.getElementById(card.getAttribute('aria-controls')!)!;
    expect(details.hidden).toBe(true);

    card.focus();
    await user.keyboard('{Enter}');
    expect(card.getAttribute('aria-expanded')).toBe('true');
    expect(details.hidden).toBe(false);
    const inside = within(details);
    expect(inside.getByText('1 Bay St, Manly NSW 2095')).toBeTruthy();
    expect(inside.getByRole('link', { name: '+61 2 9000 0001' }).getAttribute('href')).toBe(
      'tel:+61290000001',
    );
    expect(inside.getByRole('link', { name: 'https://bluewater.example.com' }).getAttribute('href')).toBe(
      'https://bluewater.example.com',
    );
    expect(inside.getByText('Pool Maintenance · Pool Repairs')).toBeTruthy();
    expect(inside.getByText('Within 25 km')).toBeTruthy();

    await user.keyboard(' ');
    expect(card.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the empty state when nothing matches', async () => {
    const first = renderSearch(searchReply([]));
    await fill(first.user, [addressField, 'Manly'], [keyword, 'zzz']);
    expect(await screen.findByText(M.noResultsTitle)).toBeTruthy();
    expect(screen.getByText(M.noResults)).toBeTruthy();
  });

  it("says 'Failed to search businesses' when the search fails", async () => {
    const { user } = renderSearch({ status: 500, body: { error: 'internal', message: 'x' } });
    await fill(user, [addressField, 'Manly'], [keyword, 'pool']);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getAllByText(M.testSearchFailed).length).toBeGreaterThan(0);
  });
});

describe('/admin-test-request', () => {
  it('shows administrators the search and the mock form (no placeholder left)', async () => {
    mockApi({
      'GET /api/me': { body: makeMe('administrator') },
      'GET /api/badges': { body: makeBadges() },
      'GET /api/config': { body: { productName: 'Grip', googleEnabled: false } },
    });
    renderApp('/admin-test-request');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Test Search' })).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Business search' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Request details (mock)' })).toBeTruthy();
    expect(screen.queryByText('Business search is on its way')).toBeNull();
  });
});
