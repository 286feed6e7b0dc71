import { screen, waitFor, within } from '@testing-library/react';
import type {
  BusinessDashboard,
  BusinessFeedPage,
  BusinessRequestView,
  DashboardItem,
  DashboardMetric,
  DashboardPage,
} from '@grip/domain';
import { JOB_MESSAGES } from '@grip/domain';
import { describe, expect, it } from 'vitest';
import { makeBusinessProfile } from '@/features/business/test-fixtures';
import { makeBadges, makeMe } from '@/test/fixtures';
import { mockApi, type Reply } from '@/test/mock-api';
import { renderApp } from '@/test/render';

const flat = { direction: 'flat', percent: 0 } as const;
function metrics(overrides: Partial<Record<DashboardMetric['key'], Partial<DashboardMetric>>> = {}) {
  const base: DashboardMetric[] = [
    { key: 'received', value: 12, current: 6, previous: 5, trend: { direction: 'up', percent: 20 } },
    { key: 'responded', value: 8, current: 4, previous: 4, trend: flat },
    { key: 'won', value: 3, current: 3, previous: 0, trend: { direction: 'up', percent: 'new' } },
    { key: 'pending', value: 2, current: 2, previous: 4, trend: { direction: 'down', percent: -50 } },
    { key: 'earned', value: '1250.50', current: '1250.50', previous: '0.00', trend: flat },
    { key: 'potentialLost', value: '80.00', current: '0.00', previous: '80.00', trend: flat },
    { key: 'completed', value: 1, current: 1, previous: 0, trend: flat },
  ];
  return base.map((m) => ({ ...m, ...overrides[m.key] }));
}

function item(overrides: Partial<DashboardItem> = {}): DashboardItem {
  return {
    id: 'resp1',
    requestId: 'req1',
    title: 'Fix the gutters',
    serviceType: 'Plumbing',
    areaLabel: 'Glebe NSW',
    status: 'accepted',
    completionStatus: 'pending',
    amount: '250.00',
    date: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const emptyDashboard: BusinessDashboard = {
  metrics: metrics(),
  confirmed: [],
  completed: [],
};
const emptyPage: DashboardPage = { items: [], nextCursor: null };
const DECLINED_URL = 'GET /api/business/dashboard/declined';

function newRequest(overrides: Partial<BusinessRequestView> = {}): BusinessRequestView {
  return {
    id: 'r9',
    title: 'Leaking tap',
    serviceType: 'Plumbing',
    serviceSubtype: null,
    description: 'The kitchen tap drips all night.',
    areaLabel: 'Surry Hills NSW',
    distanceKm: 3,
    locationAddress: null,
    preferredDate: null,
    preferredTime: null,
    timeFlexibility: null,
    flexibleDates: false,
    budgetMin: '150',
    budgetMax: null,
    budgetType: 'fixed',
    urgency: 'normal',
    isUrgent: false,
    images: [],
    status: 'open',
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    updatedAt: new Date(Date.now() - 3_600_000).toISOString(),
    myResponseId: null,
    myResponseStatus: null,
    ...overrides,
  };
}

const NEW_URL = 'GET /api/business/requests?group=new&limit=6';

function businessApi(
  options: {
    dashboard?: Reply;
    newRequests?: BusinessFeedPage;
    me?: ReturnType<typeof makeMe>;
    extra?: Record<string, Reply | (() => Reply)>;
  } = {},
) {
  return mockApi({
    'GET /api/me': { body: options.me ?? makeMe('business_owner') },
    'GET /api/badges': { body: makeBadges() },
    'GET /api/config': { body: { productName: 'Grip', googleEnabled: false } },
    'GET /api/business-profile': {
      body: makeBusinessProfile({
        role: 'business_owner',
        businessName: 'Sam Plumbing',
        phone: '0412 345 678',
        serviceCategories: ['Plumbing', 'Gas Fitting'],
        rating: { average: 4.3, count: 3 },
      }),
    },
    'GET /api/business/dashboard': options.dashboard ?? { body: emptyDashboard },
    [NEW_URL]: { body: options.newRequests ?? { items: [], nextCursor: null } },
    [DECLINED_URL]: { body: emptyPage },
    ...options.extra,
  });
}

describe('business dashboard overview', () => {
  it('shows the profile card with the real rating, the seven metrics and the empty sections', async () => {
    businessApi();
    renderApp('/business-dashboard');

    const card = await screen.findByRole('region', { name: 'Sam Plumbing' });
    expect(within(card).getByText('4.3 (3 reviews)')).toBeTruthy();
    expect(within(card).getByText('Gas Fitting')).toBeTruthy();

    const scheduled = await screen.findByRole('button', { name: /^Scheduled/ });
    expect(scheduled.textContent).toContain('3');
    expect(scheduled.textContent).toContain('New');
    expect(screen.getByRole('button', { name: /^Earned/ }).textContent).toContain('$1,250.50');
    expect(screen.getByRole('button', { name: /^Pending/ }).textContent).toContain('-50%');
    expect(screen.getByRole('button', { name: /^Received/ }).textContent).toContain('+20%');
    for (const label of ['Responded', 'Potential Lost', 'Completed']) {
      expect(screen.getByRole('button', { name: new RegExp(`^${label}`) })).toBeTruthy();
    }

    expect(await screen.findByText('No new requests available')).toBeTruthy();
    expect(
      screen.getByText("No active jobs yet. Once users select your responses, they'll appear here."),
    ).toBeTruthy();
    expect(await screen.findByText('No declined requests yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View All Completed' }).getAttribute('href')).toBe(
      '/business-confirmed?section=completed',
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'View Job History' }).getAttribute('href')).toBe(
      '/history',
    );
    expect(within(main).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(
      '/business-settings',
    );
    expect(within(main).getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it('says No reviews yet without reviews and warns about a missing notification email', async () => {
    businessApi({
      me: makeMe('business_owner', { notificationEmail: null }),
      extra: {
        'GET /api/business-profile': {
          body: makeBusinessProfile({ role: 'business_owner', businessName: 'Sam Plumbing' }),
        },
      },
    });
    renderApp('/business-dashboard');
    expect(await screen.findByText('No reviews yet')).toBeTruthy();
    expect(
      screen.getByText("Without a notification email, you won't receive new service requests!"),
    ).toBeTruthy();
  });

  it('lists confirmed, completed and declined jobs; View All Completed opens the Completed bookings', async () => {
    businessApi({
      dashboard: {
        body: {
          ...emptyDashboard,
          confirmed: [item()],
          completed: [item({ id: 'resp2', title: 'Paint the fence', completionStatus: 'completed' })],
        },
      },
      extra: {
        [DECLINED_URL]: {
          body: {
            items: [item({ id: 'resp3', title: 'Move a piano', status: 'declined' })],
            nextCursor: null,
          },
        },
      },
    });
    renderApp('/business-dashboard');
    const confirmed = await screen.findByRole('list', { name: 'Confirmed Bookings' });
    expect(within(confirmed).getByRole('link', { name: 'Fix the gutters' })).toBeTruthy();
    const completed = screen.getByRole('list', { name: 'Completed Jobs' });
    expect(within(completed).getByText('COMPLETED')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View All Completed' }).getAttribute('href')).toBe(
      '/business-confirmed?section=completed',
    );
    const declined = await screen.findByRole('list', { name: 'Declined Requests' });
    expect(within(declined).getByText('Move a piano')).toBeTruthy();
    expect(within(declined).getByText('DECLINED')).toBeTruthy();
  });

  it('lists every declined request, a page at a time', async () => {
    const first = Array.from({ length: 20 }, (_, i) =>
      item({ id: `d${i}`, title: `Declined job ${i}`, status: 'rejected' }),
    );
    const { calls } = businessApi({
      extra: {
        [DECLINED_URL]: { body: { items: first, nextCursor: 'd19' } },
        [`${DECLINED_URL}?cursor=d19`]: {
          body: {
            items: [item({ id: 'd20', title: 'Declined job 20', status: 'rejected' })],
            nextCursor: null,
          },
        },
      },
    });
    const { user } = renderApp('/business-dashboard');
    const declined = await screen.findByRole('list', { name: 'Declined Requests' });
    expect(within(declined).getAllByRole('listitem')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Declined job 20')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/business/dashboard/declined?cursor=d19')).toBe(true);
  });

  it('reports a failed load in plain words', async () => {
    businessApi({ dashboard: { status: 500, body: { error: 'internal', message: 'Boom' } } });
    renderApp('/business-dashboard');
    expect(await screen.findByText('Failed to load dashboard data.')).toBeTruthy();
    expect(
      screen.getByText('Your dashboard could not be loaded. It will be tried again shortly.'),
    ).toBeTruthy();
  });
});

describe('dashboard views', () => {
  it('opens a metric drill-down and comes back with Back to Dashboard', async () => {
    const list: DashboardPage = {
      items: [item({ title: 'Paint the fence', completionStatus: 'completed', amount: '1250.50' })],
      nextCursor: null,
    };
    businessApi({ extra: { 'GET /api/business/dashboard/metrics/earned': { body: list } } });
    const { user } = renderApp('/business-dashboard');

    await user.click(await screen.findByRole('button', { name: /^Earned/ }));
    expect(await screen.findByRole('heading', { name: 'Money Earned' })).toBeTruthy();
    const rows = await screen.findByRole('list', { name: 'Money Earned' });
    expect(within(rows).getByRole('link', { name: 'Paint the fence' })).toBeTruthy();
    expect(within(rows).getByText('$1,250.50')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(await screen.findByRole('button', { name: /^Scheduled/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Money Earned' })).toBeNull();
  });

  it('opens a confirmed job in the job detail view and comes back', async () => {
    businessApi({
      dashboard: { body: { ...emptyDashboard, confirmed: [item()] } },
      extra: { 'GET /api/business/jobs/resp1': { status: 404, body: { error: 'not_found', message: 'x' } } },
    });
    const { user, location } = renderApp('/business-dashboard');
    const confirmed = await screen.findByRole('list', { name: 'Confirmed Bookings' });
    await user.click(within(confirmed).getByRole('link', { name: 'Fix the gutters' }));
    expect(await screen.findByText(JOB_MESSAGES.notFound)).toBeTruthy();
    expect(location().pathname).toBe('/business-dashboard');
    expect(screen.getAllByText('Back to Dashboard')).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    expect(await screen.findByRole('button', { name: /^Scheduled/ })).toBeTruthy();
  });

  it('opens the respond view from a New Requests card', async () => {
    businessApi({
      newRequests: { items: [newRequest()], nextCursor: null },
      extra: { 'GET /api/business/requests/r9': { body: newRequest() } },
    });
    const { user, location } = renderApp('/business-dashboard');
    const list = await screen.findByRole('list', { name: 'New Requests' });
    expect(within(list).getByText('New')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: /Leaking tap/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Respond to Request' })).toBeTruthy();
    expect(location().pathname).toBe('/business-dashboard');
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    expect(await screen.findByRole('button', { name: /^Scheduled/ })).toBeTruthy();
  });

  it('honours ?respond= and then cleans the URL', async () => {
    const { calls } = businessApi({ extra: { 'GET /api/business/requests/r9': { body: newRequest() } } });
    const { location } = renderApp('/business-dashboard?respond=r9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Respond to Request' })).toBeTruthy();
    await waitFor(() => expect(location().search).toBe(''));
    expect(location().pathname).toBe('/business-dashboard');
    expect(await screen.findByText('The kitchen tap drips all night.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/business/requests/r9')).toBe(true);
  });
});

describe('Archive Management', () => {
  it('archives responses of the chosen age after confirming and tells how many', async () => {
    const { calls } = businessApi({
      extra: { 'POST /api/business/responses/archive-old': { body: { archived: 4 } } },
    });
    const { user } = renderApp('/business-dashboard');

    const select = (await screen.findByRole('combobox', { name: 'Archive responses' })) as HTMLSelectElement;
    expect(select.value).toBe('90');
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['0', '1', '3', '7', '30', '90']);
    await user.selectOptions(select, '30');
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive old responses?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive Responses' }));

    expect(await screen.findByText('4 responses archived.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ daysOld: 30 });
  });

  it('says so when archiving fails', async () => {
    businessApi({
      extra: {
        'POST /api/business/responses/archive-old': { status: 500, body: { error: 'x', message: 'x' } },
      },
    });
    const { user } = renderApp('/business-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Archive Responses' }));
    expect(await screen.findByText('Failed to archive business data. Please try again.')).toBeTruthy();
  });
});
