import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectLiveEvents,
  LIVE_OFFLINE_AFTER_MS,
  refreshesFor,
  resumeLiveEventsFrom,
  type LiveOptions,
  type LiveStatus,
} from './live-events';
import { FakeEventSource } from '@/test/fake-event-source';
import { queryKeys } from './query-keys';

const Impl = FakeEventSource as unknown as NonNullable<LiveOptions['EventSourceImpl']>;

let client: QueryClient;
beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
  client = new QueryClient();
});
afterEach(() => {
  vi.useRealTimers();
});

function seed(...keys: (readonly unknown[])[]) {
  for (const key of keys) client.setQueryData(key, { v: 1 });
}
const isStale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('live events', () => {
  it('opens one stream with the session cookie', () => {
    const stop = connectLiveEvents(client, { EventSourceImpl: Impl });
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.instances[0]!.url).toBe('/api/events');
    expect(FakeEventSource.instances[0]!.init).toEqual({ withCredentials: true });
    stop();
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
  });

  it('a page drawn by the server resumes its first stream where the server read its data, once', () => {
    resumeLiveEventsFrom(42);
    const stop = connectLiveEvents(client, { EventSourceImpl: Impl });
    expect(FakeEventSource.instances[0]!.url).toBe('/api/events?after=42');
    stop();
    // A later stream of the same page (after signing in again) starts from the present.
    connectLiveEvents(client, { EventSourceImpl: Impl })();
    expect(FakeEventSource.instances[1]!.url).toBe('/api/events');
  });

  it('a drawn page whose first stream is refused before any id reopens after the same position', async () => {
    resumeLiveEventsFrom(42);
    const stop = connectLiveEvents(client, { EventSourceImpl: Impl });
    FakeEventSource.instances[0]!.fail(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeEventSource.instances[1]!.url).toBe('/api/events?after=42');
    FakeEventSource.instances[1]!.emit('ready', {}, '50');
    FakeEventSource.instances[1]!.fail(2);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(FakeEventSource.instances[2]!.url).toBe('/api/events?lastEventId=50');
    stop();
  });

  it('a change refreshes what that kind can alter, gathering a burst into one refresh', async () => {
    seed(
      queryKeys.businessDashboard,
      queryKeys.businessRequestList('new'),
      queryKeys.badges,
      queryKeys.notificationList(10),
      queryKeys.me,
    );
    const spy = vi.spyOn(client, 'invalidateQueries');
    const seen: unknown[] = [];
    connectLiveEvents(client, { EventSourceImpl: Impl, onChange: (e) => seen.push(e) });
    const es = FakeEventSource.instances[0]!;
    es.emit('change', { kind: 'request', op: 'created', id: 'r1' }, '7');
    es.emit('change', { kind: 'response', op: 'created', id: 'x1' }, '8');
    expect(isStale(queryKeys.businessDashboard)).toBe(false); // not yet: gathered first
    await vi.advanceTimersByTimeAsync(200);
    expect(isStale(queryKeys.businessDashboard)).toBe(true);
    expect(isStale(queryKeys.businessRequestList('new'))).toBe(true);
    expect(isStale(queryKeys.badges)).toBe(true);
    // A request says nothing about notifications, and nothing touches the session.
    expect(isStale(queryKeys.notificationList(10))).toBe(false);
    expect(isStale(queryKeys.me)).toBe(false);
    // Each root once, though two events named it.
    const businessCalls = spy.mock.calls.filter(
      ([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(queryKeys.business),
    );
    expect(businessCalls).toHaveLength(1);
    expect(seen).toEqual([
      { kind: 'request', op: 'created', id: 'r1' },
      { kind: 'response', op: 'created', id: 'x1' },
    ]);
  });

  it('a notification refreshes the bell and the badges only', async () => {
    seed(queryKeys.notificationList(10), queryKeys.badges, queryKeys.businessDashboard);
    connectLiveEvents(client, { EventSourceImpl: Impl });
    FakeEventSource.instances[0]!.emit('change', { kind: 'notification', op: 'created', id: 'n1' });
    await vi.advanceTimersByTimeAsync(200);
    expect(isStale(queryKeys.notificationList(10))).toBe(true);
    expect(isStale(queryKeys.badges)).toBe(true);
    expect(isStale(queryKeys.businessDashboard)).toBe(false);
  });

  it('ignores data it cannot read', async () => {
    seed(queryKeys.badges);
    connectLiveEvents(client, { EventSourceImpl: Impl });
    FakeEventSource.instances[0]!.emit('change', { kind: 'payment', id: 'p' });
    await vi.advanceTimersByTimeAsync(200);
    expect(isStale(queryKeys.badges)).toBe(false);
  });

  it('a resync refreshes everything but the session', () => {
    seed(queryKeys.businessDashboard, queryKeys.conversationList, queryKeys.me, queryKeys.config);
    connectLiveEvents(client, { EventSourceImpl: Impl });
    FakeEventSource.instances[0]!.emit('resync', {}, '40');
    expect(isStale(queryKeys.businessDashboard)).toBe(true);
    expect(isStale(queryKeys.conversationList)).toBe(true);
    expect(isStale(queryKeys.me)).toBe(false);
    expect(isStale(queryKeys.config)).toBe(false);
  });

  it('leaves a dropped stream to the browser, and reopens a refused one from its last position with backoff', async () => {
    connectLiveEvents(client, { EventSourceImpl: Impl });
    const first = FakeEventSource.instances[0]!;
    first.emit('ready', {}, '10');
    first.emit('change', { kind: 'message', op: 'created', id: 'm1' }, '12');
    first.fail(0); // still connecting: the browser retries with Last-Event-ID itself
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeEventSource.instances).toHaveLength(1);

    first.fail(2); // refused (e.g. 503 during a deploy): the browser gave up
    await vi.advanceTimersByTimeAsync(1_999);
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const second = FakeEventSource.instances[1]!;
    expect(second.url).toBe('/api/events?lastEventId=12');

    second.fail(2);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(FakeEventSource.instances).toHaveLength(2); // backs off: 4 s the second time
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.instances).toHaveLength(3);
  });

  it('stops reopening once the tab signs out', async () => {
    const stop = connectLiveEvents(client, { EventSourceImpl: Impl });
    FakeEventSource.instances[0]!.fail(2);
    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('maps every kind to something to refresh, the badges included', () => {
    for (const kind of ['request', 'response', 'message', 'notification'] as const) {
      expect(refreshesFor(kind)).toContainEqual(queryKeys.badges);
    }
  });

  describe('status', () => {
    /** A window we can take offline: its online/offline events and navigator.onLine. */
    function fakeWindow(onLine = true) {
      const target = new EventTarget();
      const win = Object.assign(target, { navigator: { onLine } });
      const go = (online: boolean) => {
        win.navigator.onLine = online;
        target.dispatchEvent(new Event(online ? 'online' : 'offline'));
      };
      return { win: win as unknown as NonNullable<LiveOptions['windowImpl']>, go };
    }
    function connect(onLine = true) {
      const { win, go } = fakeWindow(onLine);
      const seen: LiveStatus[] = [];
      const stop = connectLiveEvents(client, {
        EventSourceImpl: Impl,
        windowImpl: win,
        onStatus: (s) => seen.push(s),
      });
      return { seen, stop, go, last: () => seen.at(-1) };
    }

    it('reconnects a short drop silently: never offline', async () => {
      const { seen, last, stop } = connect();
      const es = FakeEventSource.instances[0]!;
      es.emit('ready', {}, '5');
      expect(last()).toBe('live');
      es.fail(0); // the browser retries by itself
      expect(last()).toBe('connecting');
      await vi.advanceTimersByTimeAsync(LIVE_OFFLINE_AFTER_MS - 1);
      es.emit('ready', {}, '5');
      expect(last()).toBe('live');
      await vi.advanceTimersByTimeAsync(LIVE_OFFLINE_AFTER_MS * 2);
      expect(seen).not.toContain('offline');
      expect(FakeEventSource.instances).toHaveLength(1);
      stop();
    });

    it('says offline once the stream stays down, and live again when it returns', async () => {
      const { last, stop } = connect();
      FakeEventSource.instances[0]!.emit('ready', {}, '5');
      FakeEventSource.instances[0]!.fail(2); // refused: we reopen with backoff
      await vi.advanceTimersByTimeAsync(LIVE_OFFLINE_AFTER_MS - 1);
      expect(last()).toBe('connecting');
      await vi.advanceTimersByTimeAsync(1);
      expect(last()).toBe('offline');
      FakeEventSource.instances.at(-1)!.emit('ready', {}, '6');
      expect(last()).toBe('live');
      stop();
    });

    it('says offline at once when the device goes offline, and reopens a closed stream when it is back', async () => {
      const { last, go, stop } = connect();
      FakeEventSource.instances[0]!.emit('ready', {}, '9');
      go(false);
      expect(last()).toBe('offline');
      FakeEventSource.instances[0]!.fail(2);
      expect(last()).toBe('offline');
      // Back online before the 2 s backoff ends: reopened now, from where it was, quietly.
      await vi.advanceTimersByTimeAsync(500);
      go(true);
      expect(last()).toBe('connecting');
      expect(FakeEventSource.instances).toHaveLength(2);
      expect(FakeEventSource.instances[1]!.url).toBe('/api/events?lastEventId=9');
      FakeEventSource.instances[1]!.emit('ready', {}, '9');
      expect(last()).toBe('live');
      stop();
      go(false);
      expect(last()).toBe('live'); // signed out: no longer listening
    });

    it('starts offline when the page opens without a network', () => {
      const { last, stop } = connect(false);
      expect(last()).toBe('offline');
      stop();
    });
  });
});
