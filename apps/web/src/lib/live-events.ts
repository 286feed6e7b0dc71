import {
  LIVE_CHANGE_EVENT,
  LIVE_RESYNC_EVENT,
  parseLiveEvent,
  type LiveEvent,
  type LiveEventKind,
} from '@grip/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * What each kind of change can alter on screen. Roots are broad on purpose: invalidating refetches
 * only the queries a mounted screen uses, and a list that missed a change is worse than one refetch.
 */
const REFRESHES: Record<LiveEventKind, readonly QueryKey[]> = {
  // A request appears in (or leaves) feeds, the dashboard, My Requests and the badges.
  request: [queryKeys.business, queryKeys.requests, queryKeys.upcomingBookings, queryKeys.badges],
  // A quote, a counter offer's terms, an acceptance or a completion.
  response: [
    queryKeys.business,
    queryKeys.requests,
    queryKeys.upcomingBookings,
    queryKeys.conversations,
    queryKeys.badges,
  ],
  // Chats, counter offers (they are messages) and read marks.
  message: [queryKeys.conversations, queryKeys.business, queryKeys.requests, queryKeys.badges],
  notification: [queryKeys.notifications, queryKeys.badges],
};

export function refreshesFor(kind: LiveEventKind): readonly QueryKey[] {
  return REFRESHES[kind];
}

/** Changes arriving together (one commit often touches a request, a response and a notification). */
const COALESCE_MS = 150;
const RECONNECT_MIN_MS = 2_000;
const RECONNECT_MAX_MS = 60_000;
/**
 * How long the stream may be down before we say so. Streams drop now and then (a proxy's idle
 * timeout, a laptop waking) and come back within seconds: that is reconnected silently (issue 33).
 */
export const LIVE_OFFLINE_AFTER_MS = 15_000;

/**
 * 'connecting': opening or silently reconnecting; 'live': changes arrive as they happen; 'offline':
 * the device is offline, or the stream has been down longer than LIVE_OFFLINE_AFTER_MS.
 */
export type LiveStatus = 'connecting' | 'live' | 'offline';

type EventSourceLike = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'> & {
  onerror: ((this: EventSource, ev: Event) => unknown) | null;
};

export interface LiveOptions {
  /** The EventSource constructor (the browser's; tests pass their own). */
  EventSourceImpl?: new (url: string, init?: EventSourceInit) => EventSourceLike;
  /** Told of each change as it arrives (for a caller that reacts to it, such as a live toast). */
  onChange?: (event: LiveEvent) => void;
  /** Told when the connection's status changes (an offline notice shows it). */
  onStatus?: (status: LiveStatus) => void;
  /** The window whose online and offline events are heard (tests pass their own). */
  windowImpl?: Pick<Window, 'addEventListener' | 'removeEventListener'> & {
    navigator: Pick<Navigator, 'onLine'>;
  };
}

let resumePoint: number | null = null;

/**
 * Where the first stream of this page starts: the position the server read before drawing the page
 * with its data (decision 024), so a change made before the stream opens is replayed, not lost.
 */
export function resumeLiveEventsFrom(position: number | null): void {
  resumePoint = position;
}

function takeResumePoint(): string | null {
  const position = resumePoint;
  resumePoint = null;
  return position === null ? null : String(position);
}

/**
 * Keeps one live stream open for this tab and refreshes what changes. The browser reconnects a dropped
 * stream itself (sending Last-Event-ID, so the server replays what was missed); when the server refuses
 * one outright (a deploy, an expired session) we open a new one with backoff and our last position.
 * Reconnecting is silent: the status turns 'offline' only when the device goes offline or the stream
 * stays down for LIVE_OFFLINE_AFTER_MS; coming back online reopens a closed stream at once.
 */
export function connectLiveEvents(queryClient: QueryClient, options: LiveOptions = {}): () => void {
  const Impl = options.EventSourceImpl ?? (typeof EventSource === 'undefined' ? undefined : EventSource);
  if (!Impl) return () => {};

  let source: EventSourceLike | null = null;
  // A drawn page's streams start strictly after its position until the server has given an id.
  const drawnPosition: string | null = takeResumePoint();
  let lastEventId: string | null = null;
  let stopped = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let pending = new Map<string, QueryKey>();
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  const win = options.windowImpl ?? (typeof window === 'undefined' ? undefined : window);
  let status: LiveStatus | null = null;
  let downTimer: ReturnType<typeof setTimeout> | null = null;

  const report = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    options.onStatus?.(next);
  };
  const isDeviceOffline = () => win?.navigator.onLine === false;
  /** The stream is not (yet) delivering: quiet for a while, then 'offline'. */
  const markDown = () => {
    if (isDeviceOffline()) return report('offline');
    if (status !== 'offline') report('connecting');
    downTimer ??= setTimeout(() => {
      downTimer = null;
      if (!stopped) report('offline');
    }, LIVE_OFFLINE_AFTER_MS);
  };
  const markLive = () => {
    if (downTimer) clearTimeout(downTimer);
    downTimer = null;
    report('live');
  };

  const flush = () => {
    flushTimer = null;
    const keys = [...pending.values()];
    pending = new Map();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };

  const refreshAll = () => {
    // The session and configuration are not live data; everything else may have changed.
    void queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] !== queryKeys.me[0] && q.queryKey[0] !== queryKeys.config[0],
    });
  };

  const open = () => {
    const query = lastEventId
      ? `?lastEventId=${encodeURIComponent(lastEventId)}`
      : drawnPosition
        ? `?after=${encodeURIComponent(drawnPosition)}`
        : '';
    const es = new Impl(`/api/events${query}`, { withCredentials: true });
    source = es;
    es.addEventListener('ready', (e) => {
      retryMs = RECONNECT_MIN_MS;
      markLive();
      if ((e as MessageEvent).lastEventId) lastEventId = (e as MessageEvent).lastEventId;
    });
    es.addEventListener(LIVE_CHANGE_EVENT, (e) => {
      const message = e as MessageEvent<string>;
      if (message.lastEventId) lastEventId = message.lastEventId;
      const event = parseLiveEvent(safeJson(message.data));
      if (!event) return;
      for (const key of refreshesFor(event.kind)) pending.set(JSON.stringify(key), key);
      flushTimer ??= setTimeout(flush, COALESCE_MS);
      options.onChange?.(event);
    });
    es.addEventListener(LIVE_RESYNC_EVENT, (e) => {
      if ((e as MessageEvent).lastEventId) lastEventId = (e as MessageEvent).lastEventId;
      refreshAll();
    });
    es.onerror = () => {
      if (stopped) return;
      markDown();
      // CONNECTING: the browser is already retrying. CLOSED: it gave up (a non-200 answer).
      if (es.readyState !== 2) return;
      es.close();
      retryTimer = setTimeout(() => {
        retryTimer = null;
        if (!stopped) open();
      }, retryMs);
      retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
    };
  };

  const onOffline = () => report('offline');
  const onOnline = () => {
    // A stream waiting out its backoff reopens now; one the browser is retrying is left to it.
    if (status !== 'live') {
      report('connecting');
      markDown();
    }
    if (!retryTimer) return;
    clearTimeout(retryTimer);
    retryTimer = null;
    retryMs = RECONNECT_MIN_MS;
    open();
  };
  win?.addEventListener('offline', onOffline);
  win?.addEventListener('online', onOnline);

  markDown();
  open();
  return () => {
    stopped = true;
    source?.close();
    win?.removeEventListener('offline', onOffline);
    win?.removeEventListener('online', onOnline);
    if (retryTimer) clearTimeout(retryTimer);
    if (flushTimer) clearTimeout(flushTimer);
    if (downTimer) clearTimeout(downTimer);
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
