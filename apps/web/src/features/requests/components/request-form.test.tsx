import { REQUEST_TITLE_MESSAGES, type CreatedRequest, type MyRequestDetail } from '@grip/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBadges, makeMe } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { makeMyRequest } from '../testing/request-fixtures';

/** Issue 33 item 3 (decision 030): the form suggests a title and lets the customer write their own. */

const created: CreatedRequest = { id: 'r1', title: 'Taps', status: 'open', matchedBusinesses: 2 };

function api(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/me': { body: makeMe('user') },
    'GET /api/badges': { body: makeBadges() },
    'GET /api/notifications': { body: { items: [], unreadCount: 0 } },
    'GET /api/config': { body: { productName: 'Grip', googleEnabled: false, mapStyleUrl: null } },
    'GET /api/requests/last-location': { body: { address: null, latitude: null, longitude: null } },
    'GET /api/requests/coverage': { body: { count: 2, radiusKm: 10, hasLocation: false } },
    'GET /api/geo/suggest': { body: [] },
    'GET /api/geo/geocode': { status: 404, body: { error: 'not_found', message: 'Not found.' } },
    'GET /api/bookings/upcoming': { body: [] },
    'GET /api/businesses/discover': { body: [] },
    'GET /api/reviews/pending': { body: { items: [] } },
    'POST /api/requests': { status: 201, body: created },
    ...extra,
  });
}

const titleInput = () => screen.getByLabelText('Title') as HTMLInputElement;

describe('the request title', () => {
  it('follows the service and the description until the customer edits it, and is sent', async () => {
    const { calls } = api();
    const { user } = renderApp('/?direct=true');
    expect(((await screen.findByLabelText('Title')) as HTMLInputElement).value).toBe('');

    await user.selectOptions(screen.getByLabelText('Service type'), 'Home & Property Services');
    expect(titleInput().value).toBe('Home & property services job');
    await user.selectOptions(screen.getByLabelText('Specific service (optional)'), 'plumbing');
    expect(titleInput().value).toBe('Plumbing');

    const description = screen.getByLabelText('Describe what you need');
    await user.type(description, 'My kitchen tap is leaking. It drips all night.');
    expect(titleInput().value).toBe('Leaking kitchen tap');

    await user.clear(titleInput());
    await user.type(titleInput(), 'Kitchen and laundry taps');
    await user.type(description, ' The laundry one too.');
    expect(titleInput().value).toBe('Kitchen and laundry taps');

    await user.type(screen.getByRole('combobox', { name: 'Location' }), '12 Crown St, Surry Hills NSW 2010');
    await user.type(screen.getByLabelText('Budget ($)'), '150');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/requests')).toBe(true),
    );
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/requests');
    expect(post!.body).toMatchObject({ title: 'Kitchen and laundry taps', serviceSubtype: 'plumbing' });
  });

  it('says in words when the title is missing or too short, and sends nothing', async () => {
    const { calls } = api();
    const { user } = renderApp('/?direct=true');
    await user.type(await screen.findByLabelText('Describe what you need'), 'Fence blown over in the storm');
    expect(titleInput().value).toBe('Fence blown over in the storm');
    await user.clear(titleInput());
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(REQUEST_TITLE_MESSAGES.required)).toBeTruthy();
    expect(titleInput().getAttribute('aria-invalid')).toBe('true');

    await user.type(titleInput(), 'Fe');
    expect(await screen.findByText(REQUEST_TITLE_MESSAGES.tooShort)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/requests')).toBe(false);
  });

  it('keeps the stored title when a request is edited, and sends the one the customer types', async () => {
    const stored: MyRequestDetail = {
      ...makeMyRequest({
        id: 'r1',
        title: 'Plumbing request',
        description: 'The kitchen tap drips all night.',
        preferredDate: null,
      }),
      responses: [],
    };
    const { calls } = api({
      'GET /api/requests/r1': { body: stored },
      'PATCH /api/requests/r1': { body: stored },
    });
    const { user } = renderApp('/?edit=r1');
    const description = await screen.findByLabelText('Describe what you need');
    expect(titleInput().value).toBe('Plumbing request');
    await user.type(description, ' The shower leaks too.');
    expect(titleInput().value).toBe('Plumbing request');

    await user.clear(titleInput());
    await user.type(titleInput(), 'Tap and shower leaks');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ title: 'Tap and shower leaks' });
  });
});
