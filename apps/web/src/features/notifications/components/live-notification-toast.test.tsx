import { NOTIFICATION_TOAST_MS } from '@grip/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, freezeClock, settleUntil, useFakeClock } from '@/test/clock';
import { FakeEventSource } from '@/test/fake-event-source';
import { makeBadges, makeMe, makeNotification } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render';

/** Built when each test starts, so "fresh" and "old" are measured from that test's own clock. */
function notifications() {
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const accepted = makeNotification({
    id: 'n-new',
    type: 'response_accepted',
    title: 'Offer accepted',
    message: 'Casey booked your dog walking quote.',
    createdAt: ago(1000),
  });
  const old = makeNotification({ id: 'n-old', title: 'Old news', createdAt: ago(3_600_000) });
  const read = makeNotification({
    id: 'n-read',
    title: 'Already read',
    createdAt: ago(1000),
    readAt: ago(1000),
  });
  const later = makeNotification({ id: 'n-later', title: 'New quote', createdAt: ago(1000) });
  return [accepted, old, read, later];
}

function api() {
  return mockApi({
    'GET /api/me': { body: makeMe('user') },
    'GET /api/badges': { body: makeBadges() },
    'GET /api/notifications': { body: { items: notifications(), unreadCount: 3 } },
    'POST /api/notifications/n-new/read': { status: 204 },
    'GET /api/bookings': { body: { items: [], nextCursor: null } },
  });
}

async function stream() {
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  return FakeEventSource.instances[0]!;
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a notification arriving live', () => {
  it('raises a toast once, whose View acts like a click on it', async () => {
    const { calls } = api();
    const { user, location } = renderApp('/home');
    const es = await stream();
    es.emit('change', { kind: 'notification', op: 'created', id: 'n-new' }, '41');
    es.emit('change', { kind: 'notification', op: 'created', id: 'n-new' }, '41');

    expect(await screen.findByText('Casey booked your dog walking quote.')).toBeTruthy();
    expect(screen.getAllByText('Offer accepted')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'View' }));
    await waitFor(() => expect(location().pathname).toBe('/confirmed'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/n-new/read')).toBe(true);
  });

  it('keeps the toast for exactly 5000 ms, then it goes', async () => {
    useFakeClock();
    api();
    renderApp('/home');
    const es = await stream();
    freezeClock();
    es.emit('change', { kind: 'notification', op: 'created', id: 'n-new' }, '41');
    const text = 'Casey booked your dog walking quote.';
    // The toast is armed at the frozen instant it shows, so the boundary below is exact.
    await settleUntil(() => expect(screen.queryByText(text)).not.toBeNull());
    const toastOf = () => screen.getByText(text).closest('[data-sonner-toast]');

    await advance(NOTIFICATION_TOAST_MS - 1);
    expect(toastOf()?.getAttribute('data-removed')).toBe('false');
    await advance(1);
    // Sonner then plays a 200 ms exit before the toast leaves the page.
    expect(toastOf()?.getAttribute('data-removed')).toBe('true');
    await advance(200);
    expect(screen.queryByText(text)).toBeNull();
  });

  it('stays quiet for a replayed old notification, a read one, other kinds and updates', async () => {
    api();
    renderApp('/home');
    const es = await stream();
    es.emit('change', { kind: 'notification', op: 'created', id: 'n-old' }, '1');
    es.emit('change', { kind: 'notification', op: 'created', id: 'n-read' }, '2');
    es.emit('change', { kind: 'notification', op: 'updated', id: 'n-new' }, '3');
    es.emit('change', { kind: 'message', op: 'created', id: 'n-new' }, '4');
    // A fresh one last: the lookups share one read of the list and are decided in order, so once its
    // toast shows, the ones above were decided too (a fixed pause would pass on a slow machine).
    es.emit('change', { kind: 'notification', op: 'created', id: 'n-later' }, '5');
    expect(await screen.findByText('New quote')).toBeTruthy();
    expect(screen.queryByText('Old news')).toBeNull();
    expect(screen.queryByText('Already read')).toBeNull();
    expect(screen.queryByText('Offer accepted')).toBeNull();
  });
});
