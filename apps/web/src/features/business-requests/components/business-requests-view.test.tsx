import { screen, waitFor, within } from '@testing-library/react';
import type { BusinessFeedPage, BusinessRequestView } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { makeBadges, makeMe } from '@/test/fixtures';
import { mockApi, type ApiCall } from '@/test/mock-api';
import { renderApp } from '@/test/render';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function makeView(overrides: Partial<BusinessRequestView> = {}): BusinessRequestView {
  return {
    id: 'r1',
    title: 'Fix a leaking tap',
    serviceType: 'Plumbing',
    serviceSubtype: null,
    description: 'The kitchen tap drips all night.',
    areaLabel: 'Surry Hills NSW',
    distanceKm: 4,
    locationAddress: null,
    preferredDate: '2026-04-02',
    preferredTime: null,
    timeFlexibility: null,
    flexibleDates: false,
    budgetMin: '150',
    budgetMax: '250',
    budgetType: 'range',
    urgency: 'normal',
    isUrgent: false,
    images: [],
    status: 'open',
    createdAt: hoursAgo(3),
    updatedAt: hoursAgo(3),
    myResponseId: null,
    myResponseStatus: null,
    ...overrides,
  };
}

const page = (items: BusinessRequestView[], nextCursor: string | null = null): BusinessFeedPage => ({
  items,
  nextCursor,
});

const NEW_URL = '/api/business/requests?group=new&limit=20';
const ABOUT_URL = '/api/business/requests?group=about_to_expire&limit=20';
const EXPIRED_URL = '/api/business/requests?group=expired&limit=20';

function businessApi(
  groups: { new?: BusinessFeedPage; about?: BusinessFeedPage; expired?: BusinessFeedPage } = {},
) {
  return {
    'GET /api/me': { body: makeMe('business_owner') },
    'GET /api/badges': { body: makeBadges() },
    'GET /api/business/requests/counts': {
      body: {
        new: groups.new?.items.length ?? 0,
        aboutToExpire: groups.about?.items.length ?? 0,
        expired: groups.expired?.items.length ?? 0,
      },
    },
    [`GET ${NEW_URL}`]: { body: groups.new ?? page([]) },
    [`GET ${ABOUT_URL}`]: { body: groups.about ?? page([]) },
    [`GET ${EXPIRED_URL}`]: { body: groups.expired ?? page([]) },
  };
}

const callsTo = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path);

describe('Service Requests', () => {
  it('shows New Requests open with cards leading to the respond page', async () => {
    const urgent = makeView({
      id: 'r2',
      title: 'Burst pipe',
      isUrgent: true,
      distanceKm: 0,
      budgetType: 'fixed',
      budgetMin: '300',
      budgetMax: null,
      preferredDate: null,
    });
    const { calls } = mockApi(businessApi({ new: page([makeView(), urgent]) }));
    renderApp('/business-requests');

    expect(await screen.findByRole('heading', { level: 1, name: 'Service Requests' })).toBeTruthy();
    expect(screen.getByText('Opportunities matching your service categories')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'New Requests' });
    const link = within(list).getByRole('link', { name: 'Fix a leaking tap' });
    expect(link.getAttribute('href')).toBe('/respond/r1');
    expect(within(list).getByRole('link', { name: 'Burst pipe' }).getAttribute('href')).toBe('/respond/r2');
    expect(within(list).getByText('Surry Hills NSW · about 4 km away')).toBeTruthy();
    expect(within(list).getByText('Surry Hills NSW · less than 1 km away')).toBeTruthy();
    expect(within(list).getByText('$150 - $250')).toBeTruthy();
    expect(within(list).getByText('$300')).toBeTruthy();
    expect(within(list).getByText('Preferred Apr 2, 2026')).toBeTruthy();
    expect(within(list).getAllByText('3h ago')).toHaveLength(2);
    expect(within(list).getAllByText('URGENT')).toHaveLength(1);
    expect(within(list).queryByText('Responded')).toBeNull();

    const newToggle = screen.getByRole('button', { name: /New Requests/ });
    expect(newToggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(newToggle.textContent).toContain('2'));
    // Closed groups are read only when opened.
    expect(
      screen.getByRole('button', { name: /Requests about to Expire/ }).getAttribute('aria-expanded'),
    ).toBe('false');
    expect(callsTo(calls, ABOUT_URL)).toHaveLength(0);
    expect(callsTo(calls, EXPIRED_URL)).toHaveLength(0);
  });

  it('opens the other groups on demand, with their empty texts and the Responded marker', async () => {
    const answered = makeView({
      id: 'r9',
      title: 'Old answered job',
      createdAt: hoursAgo(60),
      myResponseId: 'resp1',
    });
    const { calls } = mockApi(businessApi({ expired: page([answered]) }));
    const { user } = renderApp('/business-requests');

    expect(await screen.findByText('No new requests available')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Requests about to Expire/ }));
    expect(await screen.findByText('No requests about to expire')).toBeTruthy();
    expect(callsTo(calls, ABOUT_URL)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /Expired Requests/ }));
    const list = await screen.findByRole('list', { name: 'Expired Requests' });
    expect(within(list).getByRole('link', { name: 'Old answered job' }).getAttribute('href')).toBe(
      '/respond/r9',
    );
    expect(within(list).getByText('Responded')).toBeTruthy();
    expect(within(list).getByText('2d ago')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /New Requests/ }));
    expect(screen.queryByText('No new requests available')).toBeNull();
  });

  it('loads more a page at a time with the cursor', async () => {
    const { calls } = mockApi({
      ...businessApi({ new: page([makeView({ id: 'a1', title: 'First job' })], 'a1') }),
      [`GET /api/business/requests?group=new&cursor=a1&limit=20`]: {
        body: page([makeView({ id: 'a2', title: 'Second job' })]),
      },
    });
    const { user } = renderApp('/business-requests');
    const list = await screen.findByRole('list', { name: 'New Requests' });
    expect(within(list).getByText('First job')).toBeTruthy();
    expect(screen.queryByText('Second job')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second job')).toBeTruthy();
    expect(screen.getByText('First job')).toBeTruthy();
    expect(callsTo(calls, '/api/business/requests?group=new&cursor=a1&limit=20')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('says when loading failed and tries again on Retry', async () => {
    let fail = true;
    mockApi({
      ...businessApi(),
      [`GET ${NEW_URL}`]: () =>
        fail
          ? { status: 503, body: { error: 'unavailable', message: 'Down for a moment.' } }
          : { body: page([makeView({ title: 'Back again' })]) },
    });
    const { user } = renderApp('/business-requests');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load service requests.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeTruthy();
  });

  it('shows a loading skeleton while the first page is on its way', async () => {
    mockApi({ ...businessApi(), [`GET ${NEW_URL}`]: () => new Promise(() => {}) });
    renderApp('/business-requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Requests' })).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toContain('Loading new requests');
  });
});
