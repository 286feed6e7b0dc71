import { QueryClient } from '@tanstack/react-query';
import { isApiError, setUnauthorizedListener } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The `meta` of a query that reads the browser itself (push permission, a service worker): the
 * server never runs it for a first screen (app/entry-server.tsx); both draw it as loading.
 */
export const BROWSER_ONLY = { browserOnly: true } as const;

export function isBrowserOnly(query: { meta?: Record<string, unknown> }): boolean {
  return query.meta?.browserOnly === true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change on retry; network blips and 5xx get two more tries.
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

/**
 * When any call answers 401 the session has ended (expired, or signed out on another device):
 * mark the user signed out so the route guards send them to /auth, and forget the account's data
 * (after the failing call has settled) so the next person to sign in here never sees it.
 */
export function connectSessionExpiry(queryClient: QueryClient): () => void {
  return setUnauthorizedListener(() => {
    if (!queryClient.getQueryData(queryKeys.me)) return;
    queryClient.setQueryData(queryKeys.me, null);
    setTimeout(
      () => queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] }),
      0,
    );
  });
}
