import { onlineManager } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bookingsApi,
  CONFIRMED,
  HISTORY,
  makeBooking,
  makeCompleted,
  page,
} from '@/features/bookings/test-fixtures';
import { deferred, mockApi, type Reply } from '@/test/mock-api';
import { renderApp } from '@/test/render';
import { OFFLINE_NOT_SAVED } from '@/components/ui/offline-not-saved';
import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';
import { OfflineAlert } from '@/components/layout/offline-alert';
import { OFFLINE_NOT_LOADED } from '@/components/ui/offline-not-saved';
import { Providers } from '@/app/providers';
import { createTestQueryClient } from '@/test/render';
import { api } from '@/lib/api-client';
import { OFFLINE_ALERT } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';

/**
 * Offline, first visit (issue 33 item 8): a list that was never loaded says so instead of pulsing
 * forever, on every screen (ListSkeleton is where every list waits), and loads by itself once the
 * browser is back online (TanStack Query resumes the read it paused).
 */

function goOffline() {
  act(() => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline() {
  act(() => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
  });
}

const notSaved = () => screen.queryByText(OFFLINE_NOT_SAVED.title);

afterEach(() => {
  vi.restoreAllMocks();
  // TanStack's online state is one for the whole module: never leak 'offline' into another test.
  onlineManager.setOnline(true);
});

describe('a list first opened offline', () => {
  it("says it hasn't been saved for offline use, on each screen, and loads by itself back online", async () => {
    const { calls } = mockApi(
      bookingsApi({ confirmed: page([makeBooking()]), history: page([makeCompleted()]) }),
    );
    const { router } = renderApp('/confirmed');
    expect(await screen.findByText('Fix a leaking tap')).toBeTruthy();

    goOffline();
    await act(() => router.navigate('/history'));
    expect(await screen.findByText(OFFLINE_NOT_SAVED.title)).toBeTruthy();
    expect(screen.getByText(OFFLINE_NOT_SAVED.description)).toBeTruthy();
    // Held back, not failed: nothing was asked of the network.
    expect(calls.some((c) => c.path === HISTORY)).toBe(false);

    // Another screen's list, the same way (the notifications were never opened either).
    await act(() => router.navigate('/notifications'));
    expect(await screen.findByText(OFFLINE_NOT_SAVED.title)).toBeTruthy();

    await act(() => router.navigate('/history'));
    expect(await screen.findByText(OFFLINE_NOT_SAVED.title)).toBeTruthy();
    goOnline();
    expect(await screen.findByRole('heading', { name: /Fix a leaking tap/ })).toBeTruthy();
    expect(notSaved()).toBeNull();
    expect(calls.some((c) => c.path === HISTORY)).toBe(true);
  });

  it('is not shown offline for a list already loaded', async () => {
    mockApi(bookingsApi({ confirmed: page([makeBooking()]) }));
    const { router } = renderApp('/confirmed');
    expect(await screen.findByText('Fix a leaking tap')).toBeTruthy();
    await act(() => router.navigate('/settings'));
    goOffline();
    await act(() => router.navigate('/confirmed'));
    expect(await screen.findByText('Fix a leaking tap')).toBeTruthy();
    expect(notSaved()).toBeNull();
  });

  it('is not shown online while a list is still loading: the placeholders are', async () => {
    const answer = deferred<Reply>();
    mockApi(bookingsApi({}, { [`GET ${CONFIRMED}`]: () => answer.promise }));
    renderApp('/confirmed');
    expect(await screen.findByText('Loading confirmed requests')).toBeTruthy();
    expect(notSaved()).toBeNull();
    answer.resolve({ body: page([makeBooking()]) });
    expect(await screen.findByText('Fix a leaking tap')).toBeTruthy();
  });

  it('keeps the placeholders offline when nothing waits for the network (code still loading)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<ListSkeleton label="Loading page" />);
    expect(screen.getByRole('status').textContent).toBe('Loading page');
    expect(notSaved()).toBeNull();
  });
});

describe('a page with placeholders that are not a list, first opened offline', () => {
  it('says in the offline alert that it will load back online, and its placeholders stop pulsing', async () => {
    mockApi({ 'GET /api/business/dashboard': { body: { received: 1 } } });
    goOffline();
    // TanStack listens for the offline event only once a client is mounted: told here, as an app
    // running since before the connection dropped would have been.
    onlineManager.setOnline(false);
    render(
      <Providers queryClient={createTestQueryClient()}>
        <OfflineAlert />
        <WaitingTile />
      </Providers>,
    );
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(`${OFFLINE_ALERT} ${OFFLINE_NOT_LOADED}`),
    );
    expect(document.documentElement.hasAttribute('data-offline-waiting')).toBe(true);

    goOnline();
    expect(await screen.findByText('1 received')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.documentElement.hasAttribute('data-offline-waiting')).toBe(false);
  });

  it('keeps the alert as it was when everything on the page has loaded', async () => {
    mockApi({ 'GET /api/business/dashboard': { body: { received: 1 } } });
    render(
      <Providers queryClient={createTestQueryClient()}>
        <OfflineAlert />
        <WaitingTile />
      </Providers>,
    );
    expect(await screen.findByText('1 received')).toBeTruthy();
    goOffline();
    expect(screen.getByRole('alert').textContent).toBe(OFFLINE_ALERT);
    expect(document.documentElement.hasAttribute('data-offline-waiting')).toBe(false);
  });
});

/** A tile that waits for its figure with a single placeholder, as the dashboard's do. */
function WaitingTile() {
  const query = useQuery({
    queryKey: ['offline-first-visit', 'tile'],
    queryFn: () => api.get<{ received: number }>('/api/business/dashboard'),
  });
  return query.data ? <p>{query.data.received} received</p> : <Skeleton className="h-8 w-16" />;
}
