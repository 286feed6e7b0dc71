import { REVIEW_MESSAGES, type PendingReview } from '@grip/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeBadges, makeMe, makeNotification } from '@/test/fixtures';
import { mockApi, type ApiCall } from '@/test/mock-api';
import { renderApp } from '@/test/render';

function api(extra: Record<string, unknown> = {}, unread = 2) {
  return {
    'GET /api/me': { body: makeMe('user') },
    'GET /api/badges': { body: makeBadges({ unreadNotifications: unread }) },
    'GET /api/notifications': {
      body: {
        items: [
          makeNotification({
            id: 'n1',
            type: 'response_accepted',
            title: 'Offer accepted',
            message: 'See your booking',
          }),
          makeNotification({ id: 'n2', type: 'new_message', title: 'New message', message: 'Hello there' }),
          makeNotification({
            id: 'n3',
            // A type with no screen of its own (an administrator's warning): the bell only shows it.
            type: 'moderation_warning',
            title: 'Something else',
            message: 'No link for this one',
            readAt: new Date().toISOString(),
          }),
        ],
        unreadCount: unread,
      },
    },
    'POST /api/notifications/n1/read': { status: 204 },
    'POST /api/notifications/n3/read': { status: 204 },
    'POST /api/notifications/read-all': { status: 204 },
    ...extra,
  };
}

async function openBell(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Notifications' }));
  return screen.findByRole('menu', { name: 'Notifications' });
}

describe('NotificationBell', () => {
  it("shows the unread count capped at '9+'", async () => {
    mockApi(api({}, 23));
    renderApp('/home');
    expect((await screen.findByTestId('bell-badge')).textContent).toBe('9+');
  });

  it('shows no badge when everything is read', async () => {
    mockApi(api({}, 0));
    renderApp('/home');
    await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByTestId('bell-badge')).toBeNull();
  });

  it('lists the latest notifications, asking the server for 10', async () => {
    const { calls } = mockApi(api());
    const { user } = renderApp('/home');
    const menu = await openBell(user);
    expect(await within(menu).findByText('Offer accepted')).toBeTruthy();
    expect(within(menu).getByText('See your booking')).toBeTruthy();
    expect(within(menu).getAllByText('5m ago')).toHaveLength(3);
    expect(within(menu).getAllByText('Unread')).toHaveLength(2);
    expect(within(menu).getByRole('menuitem', { name: 'View all notifications' }).getAttribute('href')).toBe(
      '/notifications',
    );
    expect(calls.some((call) => call.path === '/api/notifications?limit=10')).toBe(true);
  });

  it('marks a notification read and follows its target', async () => {
    const { calls } = mockApi(api());
    const { user, location } = renderApp('/home');
    const menu = await openBell(user);
    await user.click(await within(menu).findByText('Offer accepted'));
    await waitFor(() => expect(location().pathname).toBe('/confirmed'));
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/notifications/n1/read')).toBe(
      true,
    );
  });

  it('does not navigate for other types, nor mark an already read one', async () => {
    const { calls } = mockApi(api());
    const { user, location } = renderApp('/home');
    const menu = await openBell(user);
    await user.click(await within(menu).findByText('Something else'));
    expect(location().pathname).toBe('/home');
    expect(calls.some((call) => call.path === '/api/notifications/n3/read')).toBe(false);
  });

  it('marks all read', async () => {
    let allRead = false;
    const list = api()['GET /api/notifications'].body;
    const { calls } = mockApi(
      api({
        'GET /api/notifications': () => ({
          body: allRead
            ? {
                items: list.items.map((item) => ({
                  ...item,
                  readAt: item.readAt ?? new Date().toISOString(),
                })),
                unreadCount: 0,
              }
            : list,
        }),
        'GET /api/badges': () => ({ body: makeBadges({ unreadNotifications: allRead ? 0 : 2 }) }),
        'POST /api/notifications/read-all': () => {
          allRead = true;
          return { status: 204 };
        },
      }),
    );
    const { user } = renderApp('/home');
    const menu = await openBell(user);
    await within(menu).findByText('Offer accepted');
    await user.click(within(menu).getByRole('menuitem', { name: 'Mark all read' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/notifications/read-all')).toBe(true));
    await waitFor(() => expect(within(menu).queryAllByText('Unread')).toHaveLength(0));
    expect(screen.queryByTestId('bell-badge')).toBeNull();
  });

  it("says 'No notifications yet' when there are none", async () => {
    mockApi(api({ 'GET /api/notifications': { body: { items: [], unreadCount: 0 } } }, 0));
    const { user } = renderApp('/home');
    const menu = await openBell(user);
    expect(await within(menu).findByText('No notifications yet')).toBeTruthy();
  });
});

describe('/notifications page', () => {
  it('shows the unread count, the list and the empty state', async () => {
    mockApi(api({ 'GET /api/notifications': { body: { items: [], unreadCount: 0 } } }, 0));
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
  });

  it('opens an item from the page', async () => {
    const { calls } = mockApi(api());
    const { user, location } = renderApp('/notifications');
    expect((await screen.findByTestId('notifications-unread-badge')).textContent).toBe('2');
    await user.click(await screen.findByRole('button', { name: /Offer accepted/ }));
    await waitFor(() => expect(location().pathname).toBe('/confirmed'));
    expect(calls.some((call) => call.path === '/api/notifications/n1/read')).toBe(true);
    expect(calls.some((call) => call.path === '/api/notifications?limit=20')).toBe(true);
  });

  it('loads older notifications a page at a time', async () => {
    const first = api()['GET /api/notifications'].body;
    const { calls } = mockApi(
      api({
        'GET /api/notifications': (call: ApiCall) =>
          call.path.includes('cursor=page-2')
            ? {
                body: {
                  items: [makeNotification({ id: 'old1', title: 'An older one', message: 'From last week' })],
                  unreadCount: 2,
                  nextCursor: null,
                },
              }
            : { body: { ...first, nextCursor: 'page-2' } },
      }),
    );
    const { user } = renderApp('/notifications');
    await screen.findByRole('button', { name: /Offer accepted/ });
    expect(screen.queryByText('An older one')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('An older one')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Offer accepted/ })).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/notifications?limit=20&cursor=page-2')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('marks all read on the page', async () => {
    let allRead = false;
    const list = api()['GET /api/notifications'].body;
    mockApi(
      api({
        'GET /api/notifications': () => ({
          body: allRead
            ? {
                items: list.items.map((n) => ({ ...n, readAt: n.readAt ?? new Date().toISOString() })),
                unreadCount: 0,
              }
            : list,
        }),
        'POST /api/notifications/read-all': () => {
          allRead = true;
          return { status: 204 };
        },
      }),
    );
    const { user } = renderApp('/notifications');
    expect((await screen.findByTestId('notifications-unread-badge')).textContent).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryByTestId('notifications-unread-badge')).toBeNull());
  });
});

describe('review_request notifications', () => {
  const pendingJob: PendingReview = {
    responseId: 'resp-7',
    requestId: 'req-7',
    requestTitle: 'Hedge trimming',
    businessUserId: 'b1',
    businessName: 'Hedge Heroes',
    quotedPrice: '120.00',
    priceType: 'fixed',
    completionDate: new Date(2025, 2, 14, 10).toISOString(),
  };

  function reviewApi(pending: PendingReview[], extra: Record<string, unknown> = {}) {
    return api({
      'GET /api/notifications': {
        body: {
          items: [
            makeNotification({
              id: 'n7',
              type: 'review_request',
              title: 'How did it go?',
              message: 'Please leave a review for Hedge Heroes about your Hedge trimming.',
              relatedId: 'req-7',
            }),
          ],
          unreadCount: 1,
        },
      },
      'POST /api/notifications/n7/read': { status: 204 },
      'GET /api/reviews/pending': { body: { items: pending } },
      'GET /api/bookings/summary': {
        body: { completedJobs: 1, totalSpent: '120.00', averageRatingGiven: null, reviewsGiven: 0 },
      },
      ...extra,
    });
  }

  it('marks it read and opens Rate Your Experience for its job from the bell, on any page', async () => {
    const { calls } = mockApi(
      reviewApi([pendingJob], {
        'POST /api/reviews': { status: 201, body: { id: 'rv1', rating: 4, reviewText: null } },
      }),
    );
    const { user, location } = renderApp('/settings');
    const menu = await openBell(user);
    await user.click(await within(menu).findByText('How did it go?'));
    const dialog = await screen.findByRole('dialog', { name: REVIEW_MESSAGES.dialogTitle });
    expect(dialog.textContent).toContain('Hedge Heroes');
    expect(dialog.textContent).toContain('Hedge trimming');
    expect(location().pathname).toBe('/settings');
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/notifications/n7/read')).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText(REVIEW_MESSAGES.submittedTitle)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: REVIEW_MESSAGES.dialogTitle })).toBeNull(),
    );
    expect(calls.find((call) => call.path === '/api/reviews')?.body).toEqual({
      responseId: 'resp-7',
      rating: 4,
      reviewText: null,
    });
  });

  it('shows the star icon for a review_request', async () => {
    mockApi(reviewApi([pendingJob]));
    const { user } = renderApp('/settings');
    const menu = await openBell(user);
    await within(menu).findByText('How did it go?');
    expect(menu.querySelector('[data-notification-icon="review_request"]')).not.toBeNull();
  });

  it('opens the dialog from the notifications page too, asking the server afresh', async () => {
    const { calls } = mockApi(reviewApi([pendingJob]));
    const { user } = renderApp('/notifications');
    await user.click(await screen.findByRole('button', { name: /How did it go\?/ }));
    expect(await screen.findByRole('dialog', { name: REVIEW_MESSAGES.dialogTitle })).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/reviews/pending')).toBe(true);
    expect(calls.some((call) => call.path === '/api/notifications/n7/read')).toBe(true);
  });

  it('says so and goes to Job History when the job is no longer waiting for a review', async () => {
    mockApi(reviewApi([{ ...pendingJob, requestId: 'req-other', responseId: 'resp-other' }]));
    const { user, location } = renderApp('/notifications');
    await user.click(await screen.findByRole('button', { name: /How did it go\?/ }));
    expect(await screen.findByText(REVIEW_MESSAGES.notAwaitingReview)).toBeTruthy();
    await waitFor(() => expect(location().pathname).toBe('/history'));
    expect(screen.queryByRole('dialog', { name: REVIEW_MESSAGES.dialogTitle })).toBeNull();
  });
});
