import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { untilIdle } from '@/test/clock';
import { deferred, mockApi, type ApiCall } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { GATED_RESUBMIT_HINT } from './request-actions';
import {
  customerApi,
  hoursAgo,
  makeDetail,
  makeMyRequest,
  makeResponseSummary,
  page,
} from '@/features/requests/testing/request-fixtures';

const fresh = makeMyRequest({ id: 'r1', title: 'Leaking tap request', responseCount: 2 });
const urgent = makeMyRequest({
  id: 'r2',
  title: 'Blocked drain request',
  isUrgent: true,
  createdAt: '2026-03-03T02:00:00.000Z',
  latestActivityAt: hoursAgo(5),
});
const stale = makeMyRequest({
  id: 'r3',
  title: 'Lawn mowing request',
  createdAt: hoursAgo(100),
  updatedAt: hoursAgo(100),
  latestActivityAt: hoursAgo(72),
});

const callsTo = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path);

describe('My Requests sections', () => {
  it('shows Active open with its cards, and reads Expired only when it is opened', async () => {
    const { calls } = mockApi(customerApi({ active: page([fresh, urgent]), expired: page([stale]) }));
    const { user } = renderApp('/requests');

    expect(await screen.findByRole('heading', { level: 1, name: 'My Requests' })).toBeTruthy();
    const activeList = await screen.findByRole('list', { name: 'Active Requests' });
    expect(within(activeList).getByRole('link', { name: 'Leaking tap request' })).toBeTruthy();
    expect(within(activeList).getByRole('link', { name: 'Blocked drain request' })).toBeTruthy();
    expect(within(activeList).getByText('Created Mar 3, 2026')).toBeTruthy();
    expect(within(activeList).getByText('2 responses')).toBeTruthy();
    expect(within(activeList).getAllByText('12 Smith St, Surry Hills NSW 2010')).toHaveLength(2);
    expect(within(activeList).getAllByText('URGENT')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Active Requests/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: /Active Requests/ }).textContent).toContain('2');

    const expiredToggle = screen.getByRole('button', { name: /Expired Requests/ });
    expect(expiredToggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Lawn mowing request')).toBeNull();
    expect(callsTo(calls, '/api/requests?section=expired&limit=20')).toHaveLength(0);

    await user.click(expiredToggle);
    const expiredList = await screen.findByRole('list', { name: 'Expired Requests' });
    expect(within(expiredList).getByRole('link', { name: 'Lawn mowing request' })).toBeTruthy();
    expect(within(expiredList).getByTestId('request-status').textContent).toBe('EXPIRED');
    expect(callsTo(calls, '/api/requests?section=expired&limit=20')).toHaveLength(1);
    expect(expiredToggle.getAttribute('aria-expanded')).toBe('true');

    await user.click(screen.getByRole('button', { name: /Active Requests/ }));
    expect(screen.queryByRole('list', { name: 'Active Requests' })).toBeNull();
  });

  it('says "You haven\'t submitted any requests yet." when there are none, with a way to the form', async () => {
    const { calls } = mockApi(customerApi());
    renderApp('/requests');
    expect(await screen.findByText("You haven't submitted any requests yet.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a request' }).getAttribute('href')).toBe('/?direct=true');
    // Telling "none at all" from "none active" needs the expired list too.
    expect(callsTo(calls, '/api/requests?section=expired&limit=20')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Archive old requests' })).toBeNull();
  });

  it('keeps the sections when only expired requests exist', async () => {
    mockApi(customerApi({ expired: page([stale]) }));
    renderApp('/requests');
    expect(await screen.findByText('No requests with activity in the last 48 hours.')).toBeTruthy();
    expect(screen.queryByText("You haven't submitted any requests yet.")).toBeNull();
    // Already read, so its count is known while it stays closed.
    expect(screen.getByRole('button', { name: /Expired Requests/ }).textContent).toContain('1');
  });

  it('loads more a page at a time', async () => {
    const older = makeMyRequest({ id: 'r9', title: 'Window cleaning request' });
    const { calls } = mockApi({
      ...customerApi({ active: page([fresh], 'cursor-2') }),
      'GET /api/requests?section=active&cursor=cursor-2&limit=20': { body: page([older]) },
    });
    const { user } = renderApp('/requests');
    await screen.findByRole('link', { name: 'Leaking tap request' });
    expect(screen.getByRole('button', { name: /Active Requests/ }).textContent).toContain('1+');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Window cleaning request' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Leaking tap request' })).toBeTruthy();
    expect(callsTo(calls, '/api/requests?section=active&cursor=cursor-2&limit=20')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByRole('button', { name: /Active Requests/ }).textContent).toMatch(
      /Active Requests\s*2$/,
    );
  });

  it('shows the load failure as a toast and in place, with Retry', async () => {
    let fail = true;
    mockApi({
      ...customerApi(),
      'GET /api/requests?section=active&limit=20': () =>
        fail
          ? { status: 500, body: { error: 'internal', message: 'Something went wrong on our side.' } }
          : { body: page([fresh]) },
    });
    const { user } = renderApp('/requests');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load your requests.')).toBeTruthy();
    expect(await screen.findByText('Error')).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Leaking tap request' })).toBeTruthy();
  });

  it('reads both lists again when an active request has crossed into Expired', async () => {
    const crossed = makeMyRequest({ id: 'r5', title: 'Crossed request', latestActivityAt: hoursAgo(49) });
    const { calls } = mockApi(customerApi({ active: page([crossed]) }));
    const { queryClient } = renderApp('/requests');
    await screen.findByRole('link', { name: 'Crossed request' });
    await waitFor(() => expect(callsTo(calls, '/api/requests?section=active&limit=20')).toHaveLength(2));
    // Once only: a server that still disagrees (a skewed clock) must not cause a refetch loop.
    await untilIdle(queryClient);
    expect(callsTo(calls, '/api/requests?section=active&limit=20')).toHaveLength(2);
  });
});

describe('expanding a request', () => {
  it('loads the detail and shows the description, at most 3 photos and the responses', async () => {
    const withPhotos = makeMyRequest({
      responseCount: 2,
      images: [
        '/uploads/aaaaaaaa.jpg',
        '/uploads/bbbbbbbb.jpg',
        '/uploads/cccccccc.jpg',
        '/uploads/dddddddd.jpg',
      ],
    });
    const { calls } = mockApi({
      ...customerApi({ active: page([withPhotos]) }),
      'GET /api/requests/r1': {
        body: makeDetail(withPhotos, [
          makeResponseSummary(),
          makeResponseSummary({
            id: 'resp2',
            businessName: 'Fixed Price Co',
            quotedPrice: '240.5',
            priceType: 'fixed',
            status: 'accepted',
            availabilityDate: null,
          }),
        ]),
      },
    });
    const { user } = renderApp('/requests');
    const toggle = await screen.findByRole('button', { name: 'More about Leaking tap request' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(callsTo(calls, '/api/requests/r1')).toHaveLength(0);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('The kitchen tap drips all night.')).toBeTruthy();
    const photos = screen.getByRole('list', { name: 'Photos of Leaking tap request' });
    const links = within(photos).getAllByRole('link');
    expect(links).toHaveLength(3);
    expect(links[0]?.getAttribute('href')).toBe('/uploads/aaaaaaaa.jpg');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('1 more photo in the request details')).toBeTruthy();

    const responses = await screen.findByRole('list', { name: 'Business responses' });
    expect(within(responses).getByText('Drip Fix Plumbing')).toBeTruthy();
    expect(within(responses).getByText('$80/hr')).toBeTruthy();
    expect(within(responses).getByText('PENDING')).toBeTruthy();
    expect(within(responses).getByText(/Available May 5, 2026 at 09:30/)).toBeTruthy();
    expect(within(responses).getByText('$240.50')).toBeTruthy();
    expect(within(responses).getByText('ACCEPTED')).toBeTruthy();
    expect(callsTo(calls, '/api/requests/r1')).toHaveLength(1);
    // With responses the card offers no request actions.
    expect(screen.queryByRole('button', { name: 'Archive' })).toBeNull();

    await user.click(toggle);
    expect(screen.queryByText('The kitchen tap drips all night.')).toBeNull();
  });

  it('is keyboard operable', async () => {
    mockApi({
      ...customerApi({ active: page([fresh]) }),
      'GET /api/requests/r1': { body: makeDetail(fresh) },
    });
    const { user } = renderApp('/requests');
    const toggle = await screen.findByRole('button', { name: 'More about Leaking tap request' });
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('offers Edit and Archive on an open request with no responses, but not Resubmit', async () => {
    mockApi({
      ...customerApi({ active: page([fresh]) }),
      'GET /api/requests/r1': { body: makeDetail(fresh) },
    });
    const { user, location } = renderApp('/requests');
    await user.click(await screen.findByRole('button', { name: 'More about Leaking tap request' }));
    expect(await screen.findByText('No businesses have responded yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Archive' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resubmit' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(location().pathname + location().search).toBe('/?edit=r1'));
  });

  it('resubmits an expired request and says how many business owners were notified', async () => {
    let resubmitted = false;
    const { calls } = mockApi({
      ...customerApi(),
      'GET /api/requests?section=expired&limit=20': () => ({ body: page(resubmitted ? [] : [stale]) }),
      'GET /api/requests?section=active&limit=20': () => ({
        body: page(resubmitted ? [{ ...stale, latestActivityAt: new Date().toISOString() }] : [fresh]),
      }),
      'GET /api/requests/r3': { body: makeDetail(stale) },
      'POST /api/requests/r3/resubmit': () => {
        resubmitted = true;
        return { body: { matchedBusinesses: 3 } };
      },
    });
    const { user } = renderApp('/requests');
    await user.click(await screen.findByRole('button', { name: /Expired Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'More about Lawn mowing request' }));
    await user.click(await screen.findByRole('button', { name: 'Resubmit' }));

    expect(await screen.findByText('Request Resubmitted')).toBeTruthy();
    expect(
      screen.getByText('Your request is open again and 3 business owners have been notified.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/requests/r3/resubmit')).toHaveLength(
      1,
    );
    const activeList = await screen.findByRole('list', { name: 'Active Requests' });
    expect(await within(activeList).findByRole('link', { name: 'Lawn mowing request' })).toBeTruthy();
  });

  it("shows the server's reason when a resubmit is refused, and the spec's words otherwise", async () => {
    let status = 409;
    mockApi({
      ...customerApi({ expired: page([stale]) }),
      'GET /api/requests/r3': { body: makeDetail(stale) },
      'POST /api/requests/r3/resubmit': () => ({
        status,
        body: { error: 'conflict', message: 'This request is already booked.' },
      }),
    });
    const { user } = renderApp('/requests');
    await user.click(await screen.findByRole('button', { name: /Expired Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'More about Lawn mowing request' }));
    await user.click(await screen.findByRole('button', { name: 'Resubmit' }));
    expect(await screen.findByText('This request is already booked.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();

    status = 500;
    await user.click(screen.getByRole('button', { name: 'Resubmit' }));
    expect(await screen.findByText('Failed to resubmit request.')).toBeTruthy();
  });

  it('holds Resubmit back while completed services await a review, and says why', async () => {
    const { calls } = mockApi({
      ...customerApi({ expired: page([stale]) }),
      'GET /api/requests/r3': { body: makeDetail(stale) },
      'GET /api/reviews/pending': {
        body: {
          items: [
            {
              responseId: 'done-1',
              requestId: 'req-done',
              requestTitle: 'Gutter cleaning request',
              businessUserId: 'b-1',
              businessName: 'Clean Gutters',
              quotedPrice: '120.00',
              priceType: 'fixed',
              completionDate: new Date().toISOString(),
            },
          ],
        },
      },
    });
    const { user } = renderApp('/requests');
    await user.click(await screen.findByRole('button', { name: /Expired Requests/ }));
    await user.click(await screen.findByRole('button', { name: 'More about Lawn mowing request' }));
    const resubmit = await screen.findByRole('button', { name: 'Resubmit' });
    await waitFor(() => expect((resubmit as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText(GATED_RESUBMIT_HINT)).toBeTruthy();
    expect(resubmit.getAttribute('aria-describedby')).toBe(screen.getByText(GATED_RESUBMIT_HINT).id);
    await user.click(resubmit);
    expect(calls.some((c) => c.path === '/api/requests/r3/resubmit')).toBe(false);
  });

  it('archives after a confirmation', async () => {
    let archived = false;
    const { calls } = mockApi({
      ...customerApi(),
      'GET /api/requests?section=active&limit=20': () => ({
        body: page(archived ? [urgent] : [fresh, urgent]),
      }),
      'GET /api/requests/r1': { body: makeDetail(fresh) },
      'POST /api/requests/r1/archive': () => {
        archived = true;
        return { status: 204 };
      },
    });
    const { user } = renderApp('/requests');
    await user.click(await screen.findByRole('button', { name: 'More about Leaking tap request' }));
    await user.click(await screen.findByRole('button', { name: 'Archive' }));

    const dialog = await screen.findByRole('dialog', { name: 'Archive this request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === '/api/requests/r1/archive')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Archive this request?' })).getByRole('button', {
        name: 'Archive request',
      }),
    );
    expect(await screen.findByText('Request Archived')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Leaking tap request' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Blocked drain request' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'Archive Failed' when archiving fails", async () => {
    mockApi({
      ...customerApi({ active: page([fresh]) }),
      'GET /api/requests/r1': { body: makeDetail(fresh) },
      'POST /api/requests/r1/archive': { status: 500, body: { error: 'internal', message: 'Boom' } },
    });
    const { user } = renderApp('/requests');
    await user.click(await screen.findByRole('button', { name: 'More about Leaking tap request' }));
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    await user.click(await screen.findByRole('button', { name: 'Archive request' }));
    expect(await screen.findByText('Archive Failed')).toBeTruthy();
    expect(screen.getByText('Failed to archive the request')).toBeTruthy();
  });
});

describe('archived requests', () => {
  const gone = makeMyRequest({
    id: 'r7',
    title: 'Old painting request',
    archivedAt: '2026-02-10T03:00:00.000Z',
    createdAt: '2026-01-05T03:00:00.000Z',
  });

  it('lists them when opened and restores one', async () => {
    let restored = false;
    // After the restore, the archive's refetch is held back while the active list comes back at once.
    const archiveRefetch = deferred<void>();
    const { calls } = mockApi({
      ...customerApi({ active: page([fresh]) }),
      'GET /api/requests?section=active&limit=20': () => ({ body: page(restored ? [gone, fresh] : [fresh]) }),
      'GET /api/requests?section=archived&limit=20': async () => {
        if (restored) await archiveRefetch.promise;
        return { body: page(restored ? [] : [gone]) };
      },
      'POST /api/requests/r7/restore': () => {
        restored = true;
        return { status: 204 };
      },
    });
    const { user } = renderApp('/requests');
    await screen.findByRole('link', { name: 'Leaking tap request' });
    expect(callsTo(calls, '/api/requests?section=archived&limit=20')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /Archived requests/ }));
    const list = await screen.findByRole('list', { name: 'Archived requests' });
    expect(within(list).getByText('Created Jan 5, 2026 · Archived Feb 10, 2026')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Restore Old painting request' }));

    expect(await screen.findByText('Request Restored')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/requests/r7/restore')).toHaveLength(1);
    // Back in Active, and never listed twice while the archive is still refetching.
    const active = await screen.findByRole('list', { name: 'Active Requests' });
    expect(await within(active).findByRole('link', { name: 'Old painting request' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Old painting request' })).toHaveLength(1);
    archiveRefetch.resolve();
    expect(await screen.findByText('No archived requests.')).toBeTruthy();
  });

  it("says 'Restore Failed' when restoring fails", async () => {
    mockApi({
      ...customerApi({ active: page([fresh]), archived: page([gone]) }),
      'POST /api/requests/r7/restore': { status: 500 },
    });
    const { user } = renderApp('/requests');
    await user.click(await screen.findByRole('button', { name: /Archived requests/ }));
    await user.click(await screen.findByRole('button', { name: 'Restore Old painting request' }));
    expect(await screen.findByText('Restore Failed')).toBeTruthy();
    expect(screen.getByText('Failed to restore the request')).toBeTruthy();
  });
});

describe('archive old requests', () => {
  it('offers 0 (All), 1, 3, 7, 30 and 90 days, 90 by default, and archives after a confirmation', async () => {
    const { calls } = mockApi({
      ...customerApi({ active: page([fresh]) }),
      'POST /api/requests/archive-old': { body: { archived: 4 } },
    });
    const { user } = renderApp('/requests');
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Older than' });
    expect(select.value).toBe('90');
    expect(Array.from(select.options).map((o) => [o.value, o.textContent])).toEqual([
      ['0', 'All'],
      ['1', '1 day'],
      ['3', '3 days'],
      ['7', '7 days'],
      ['30', '30 days'],
      ['90', '90 days'],
    ]);
    await user.selectOptions(select, '30');
    await user.click(screen.getByRole('button', { name: 'Archive old requests' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive old requests?' });
    expect(within(dialog).getByText(/older than 30 days will be archived/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));

    expect(await screen.findByText('Archive Complete')).toBeTruthy();
    expect(screen.getByText('Successfully archived 4 old requests.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/requests/archive-old');
    expect(post?.body).toEqual({ daysOld: 30 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(callsTo(calls, '/api/requests?section=active&limit=20')).toHaveLength(2));
  });

  it("says 'Archive Failed' when it fails", async () => {
    mockApi({
      ...customerApi({ active: page([fresh]) }),
      'POST /api/requests/archive-old': { status: 503 },
    });
    const { user } = renderApp('/requests');
    await user.click(await screen.findByRole('button', { name: 'Archive old requests' }));
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('Archive Failed')).toBeTruthy();
    expect(screen.getByText('Failed to archive old requests')).toBeTruthy();
  });
});
