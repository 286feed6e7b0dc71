/**
 * What the service worker keeps for offline viewing, shared by the worker and the page (which
 * empties these caches when the signed-in person changes). Kept free of DOM and worker types so both
 * builds can import it.
 */

/** Cache Storage names: the API reads and the uploaded images seen while online. */
export const API_CACHE = 'grip-api-v1';
export const IMAGE_CACHE = 'grip-images-v1';
export const PERSONAL_CACHES = [API_CACHE, IMAGE_CACHE] as const;

/**
 * GET reads worth showing offline: the person's own requests, bookings, jobs, conversations and
 * notifications, plus who they are and the app's settings (without /api/me the app would think
 * nobody is signed in). Left out on purpose: sign-in (/api/auth), the live stream, admin screens,
 * search, geocoding, exports and anything that changes data — an old answer there would mislead.
 */
const OFFLINE_READABLE: readonly RegExp[] = [
  /^\/api\/me$/,
  /^\/api\/config$/,
  /^\/api\/badges$/,
  /^\/api\/service-categories$/,
  /^\/api\/requests$/,
  /^\/api\/requests\/[^/]+$/,
  /^\/api\/bookings(\/[^/]+)?$/,
  /^\/api\/conversations(\/[^/]+(\/messages)?)?$/,
  /^\/api\/notifications$/,
  /^\/api\/my-responses$/,
  /^\/api\/business\/dashboard$/,
  /^\/api\/business\/requests(\/counts|\/[^/]+)?$/,
  /^\/api\/business\/jobs(\/[^/]+)?$/,
  /^\/api\/business\/opportunities$/,
  /^\/api\/business-profile$/,
];

/** Paths that look like a detail but are actions or other people's data. */
const NEVER: readonly RegExp[] = [/^\/api\/requests\/(coverage|last-location|archive-old)$/];

export function isOfflineReadable(pathname: string): boolean {
  if (NEVER.some((pattern) => pattern.test(pathname))) return false;
  return OFFLINE_READABLE.some((pattern) => pattern.test(pathname));
}
