/**
 * What the service worker does with a push and a click, as plain functions (the worker itself is
 * src/service-worker/sw.ts). The server sends {title, body, url, tag} (domain PushPayloadSchema);
 * anything else still shows a notification rather than failing silently, and a click can only ever
 * open a page of this app.
 */
export interface ShownNotification {
  title: string;
  body: string;
  tag: string | undefined;
  url: string;
}

const FALLBACK_TITLE = 'Grip';
const FALLBACK_URL = '/notifications';

export function notificationFromPush(data: unknown): ShownNotification {
  const payload = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
  return {
    title: text(payload.title) ?? FALLBACK_TITLE,
    body: text(payload.body) ?? 'You have a new notification.',
    tag: text(payload.tag),
    url: appPath(payload.url),
  };
}

/**
 * A same-app path ('/requests?x=1'); an absolute URL, '//host' or anything odd becomes the
 * notifications page. Control characters are refused outright: URL parsing drops tabs and newlines,
 * so '/\t/evil.com' would otherwise open another site.
 */
export function appPath(url: unknown): string {
  if (
    typeof url !== 'string' ||
    !url.startsWith('/') ||
    url.startsWith('//') ||
    url.includes('\\') ||
    [...url].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)
  ) {
    return FALLBACK_URL;
  }
  return url;
}

/** The message a notification click sends to an open window, which navigates in place. */
export interface NavigateMessage {
  type: 'grip:navigate';
  url: string;
}

export function isNavigateMessage(data: unknown): data is NavigateMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'grip:navigate' &&
    typeof (data as { url?: unknown }).url === 'string'
  );
}
