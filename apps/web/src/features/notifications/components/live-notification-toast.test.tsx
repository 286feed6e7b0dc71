import { NOTIFICATION_TOAST_MS } from '@grip/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '@/test/fake-event-source';
import { makeBadges, makeMe, makeNotification } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render';

const justNow = () => new Date(Date.now() - 1000).toISOString();

const accepted = makeNotification({
  id: 'n-new',
  type: 'response_accepted',
  title: 'Offer accepted',
  message: 'Casey booked your dog walking quote.',
  createdAt: justNow(),
});
const old = makeNotification({
  id: 'n-old',
  title: 'Old news',
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
});
const read = makeNotification({
  id: 'n-read',
  title: 'Already read',
  createdAt: justNow(),
  readAt: justNow(),
});

function api() {
  return mockApi({
    'GET /api/me': { body: makeMe('user') },
    'GET /api/badges': { body: makeBadges() },
    'GET /api/notifications': { body: { items: [accepted, old, read], unreadCount: 2 } },
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

  it('keeps the toast for 5000 ms, then it goes', async () => {
    api();
    renderApp('/home');
    const es = await stream();
    es.emit('change', { kind: 'notification', op: 'created', id: 'n-new' }, '41');
    await screen.findByText('Casey booked your dog walking quote.');
    const shownAt = Date.now();
    await new Promise((r) => setTimeout(r, NOTIFICATION_TOAST_MS - 1000));
    expect(screen.queryByText('Casey booked your dog walking quote.')).not.toBeNull();
    await waitFor(() => expect(screen.queryByText('Casey booked your dog walking quote.')).toBeNull(), {
      timeout: 3000,
    });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(NOTIFICATION_TOAST_MS - 1000);
  }, 12_000);

  it('stays quiet for a replayed old notification, a read one, other kinds and updates', async () => {
    const { calls } = api();
    renderApp('/home');
    const es = await stream();
    es.emit('change', { kind: 'notification', op: 'created', id: 'n-old' }, '1');
    es.emit('change', { kind: 'notification', op: 'created', id: 'n-read' }, '2');
    es.emit('change', { kind: 'notification', op: 'updated', id: 'n-new' }, '3');
    es.emit('change', { kind: 'message', op: 'created', id: 'n-new' }, '4');
    // The two created notifications were looked up, and nothing was shown.
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('/api/notifications?limit=10')).length).toBeGreaterThan(0),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText('Old news')).toBeNull();
    expect(screen.queryByText('Already read')).toBeNull();
    expect(screen.queryByText('Offer accepted')).toBeNull();
  });
});
