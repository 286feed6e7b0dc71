import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { advance, freezeClock, resumeClock, settleUntil, useFakeClock } from '@/test/clock';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import {
  customerApi,
  hoursAgo,
  makeDetail,
  makeMyRequest,
  makeResponseSummary,
  page,
} from '@/features/requests/testing/request-fixtures';

const request = makeMyRequest({
  id: 'r1',
  title: 'Pool cleaning request',
  serviceType: 'Home & Property Services',
  serviceSubtype: 'pool-maintenance',
  budgetType: 'range',
  budgetMin: '100',
  budgetMax: '250',
  preferredDate: '2026-05-04',
  preferredTime: '14:30:00',
  timeFlexibility: 'within_2_hours',
  isUrgent: true,
  images: [
    '/uploads/aaaaaaaa.jpg',
    '/uploads/bbbbbbbb.jpg',
    '/uploads/cccccccc.jpg',
    '/uploads/dddddddd.jpg',
  ],
  responseCount: 1,
});

describe('Request Details view', () => {
  it('opens from the card header and goes back to the list', async () => {
    mockApi({
      ...customerApi({ active: page([request]) }),
      'GET /api/requests/r1': { body: makeDetail(request, [makeResponseSummary()]) },
    });
    const { user, location } = renderApp('/requests');
    await user.click(await screen.findByRole('link', { name: 'Pool cleaning request' }));

    await waitFor(() => expect(location().search).toBe('?request=r1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pool cleaning request' })).toBeTruthy();
    expect(screen.getByText('Request Details')).toBeTruthy();
    expect(screen.getByText('The kitchen tap drips all night.')).toBeTruthy();
    expect(screen.getByText('$100 - $250')).toBeTruthy();
    expect(screen.getByText('May 4, 2026')).toBeTruthy();
    expect(screen.getByText('14:30 (Within 2 hours)')).toBeTruthy();
    expect(screen.getByText('Home & Property Services')).toBeTruthy();
    expect(screen.getByText('Pool Maintenance')).toBeTruthy();
    expect(screen.getByText('URGENT')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Photos of Pool cleaning request' })).getAllByRole('link'),
    ).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Edit Request' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Archive' })).toBeTruthy();
    // Open and recently active: nothing to resubmit.
    expect(screen.queryByRole('button', { name: 'Resubmit' })).toBeNull();
    const responses = screen.getByRole('list', { name: 'Business responses' });
    expect(within(responses).getByText('Drip Fix Plumbing')).toBeTruthy();
    expect(within(responses).getByText('$80/hr')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back to My Requests' }));
    await waitFor(() => expect(location().search).toBe(''));
    expect(location().pathname).toBe('/requests');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Requests' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pool cleaning request' })).toBeTruthy();
  });

  it('keeps the open sections and expanded cards when coming back', async () => {
    const stale = makeMyRequest({ id: 'r3', title: 'Lawn mowing request', latestActivityAt: hoursAgo(72) });
    mockApi({
      ...customerApi({ active: page([request]), expired: page([stale]) }),
      'GET /api/requests/r1': { body: makeDetail(request) },
      'GET /api/requests/r3': { body: makeDetail(stale) },
    });
    const { user } = renderApp('/requests');
    await user.click(await screen.findByRole('button', { name: /Expired Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'More about Lawn mowing request' }));
    await user.click(screen.getByRole('link', { name: 'Lawn mowing request' }));
    await user.click(await screen.findByRole('button', { name: 'Back to My Requests' }));
    const toggle = await screen.findByRole('button', { name: 'More about Lawn mowing request' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('opened directly, Back replaces it with the list', async () => {
    mockApi({
      ...customerApi({ active: page([request]) }),
      'GET /api/requests/r1': { body: makeDetail(request) },
    });
    const { user, location, router } = renderApp('/requests?request=r1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pool cleaning request' })).toBeTruthy();
    expect(screen.getByText('No businesses have responded yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to My Requests' }));
    await waitFor(() => expect(location().search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('offers Resubmit for a cancelled request, with the real count of business owners notified', async () => {
    const cancelled = makeMyRequest({ id: 'r4', title: 'Cancelled request', status: 'cancelled' });
    mockApi({
      ...customerApi(),
      'GET /api/requests/r4': { body: makeDetail(cancelled) },
      'POST /api/requests/r4/resubmit': { body: { matchedBusinesses: 1 } },
    });
    const { user } = renderApp('/requests?request=r4');
    expect(await screen.findByText('CANCELLED')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Resubmit' }));
    expect(
      await screen.findByText('Your request is open again and 1 business owner has been notified.'),
    ).toBeTruthy();
  });

  it('shows Restore instead of Archive for an archived request', async () => {
    const archived = makeMyRequest({ id: 'r7', title: 'Archived one', archivedAt: hoursAgo(3) });
    const { calls } = mockApi({
      ...customerApi(),
      'GET /api/requests/r7': { body: makeDetail(archived) },
      'POST /api/requests/r7/restore': { status: 204 },
    });
    const { user } = renderApp('/requests?request=r7');
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Request Restored')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Request' })).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/requests/r7/restore')).toBe(true);
  });

  it('archives from the details and returns to the list', async () => {
    let archived = false;
    mockApi({
      ...customerApi(),
      'GET /api/requests?section=active&limit=20': () => ({ body: page(archived ? [] : [request]) }),
      'GET /api/requests/r1': () => ({
        body: makeDetail({ ...request, archivedAt: archived ? hoursAgo(0) : null }),
      }),
      'POST /api/requests/r1/archive': () => {
        archived = true;
        return { status: 204 };
      },
    });
    const { user, location } = renderApp('/requests');
    await user.click(await screen.findByRole('link', { name: 'Pool cleaning request' }));
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    await user.click(await screen.findByRole('button', { name: 'Archive request' }));
    expect(await screen.findByText('Request Archived')).toBeTruthy();
    await waitFor(() => expect(location().search).toBe(''));
    expect(await screen.findByText("You haven't submitted any requests yet.")).toBeTruthy();
  });

  it("says so when the request doesn't exist", async () => {
    mockApi({
      ...customerApi(),
      'GET /api/requests/nope': { status: 404, body: { error: 'not_found', message: 'Request not found' } },
    });
    renderApp('/requests?request=nope');
    expect(await screen.findByText("We couldn't find that request.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Requests' }).getAttribute('href')).toBe('/requests');
  });

  it('tries again 1 s and then 2 s after a failed load, then offers Retry', async () => {
    useFakeClock();
    let fail = true;
    const { calls } = mockApi({
      ...customerApi(),
      'GET /api/requests/r1': () => (fail ? { status: 500 } : { body: makeDetail(request) }),
    });
    const { user, queryClient } = renderApp('/requests?request=r1');
    freezeClock();
    const loads = () => calls.filter((c) => c.path === '/api/requests/r1').length;
    const failures = () => queryClient.getQueryState(queryKeys.request('r1'))?.fetchFailureCount;

    // Each wait for the next try starts when a load has failed, at an instant the frozen clock fixes.
    await settleUntil(() => expect(failures()).toBe(1));
    await advance(999);
    expect(loads()).toBe(1);
    await advance(1);
    await settleUntil(() => expect(failures()).toBe(2));
    expect(loads()).toBe(2);
    await advance(1999);
    expect(loads()).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    await advance(1);
    await settleUntil(() => expect(screen.queryByRole('alert')).not.toBeNull());
    expect(loads()).toBe(3);

    resumeClock();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Failed to load your requests.')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pool cleaning request' })).toBeTruthy();
  });
});
