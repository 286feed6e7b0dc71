import type { PublicConfig } from '@grip/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type { PublicConfig };

/** The map's settings come with the config: like the original's map token, 10 s at most (spec 2 §9). */
export const CONFIG_TIMEOUT_MS = 10_000;
/** ApiError code of a config request that took longer than CONFIG_TIMEOUT_MS. */
export const CONFIG_TIMEOUT_CODE = 'timeout';

async function fetchPublicConfig(signal: AbortSignal): Promise<PublicConfig> {
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', forwardAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A race, so the time-out holds even where a fetch ignores its abort signal.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ApiError(0, 'The server took too long to answer.', CONFIG_TIMEOUT_CODE));
    }, CONFIG_TIMEOUT_MS);
  });
  try {
    return await Promise.race([api.get<PublicConfig>('/api/config', { signal: controller.signal }), timeout]);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', forwardAbort);
  }
}

export const configQueryOptions = queryOptions({
  queryKey: queryKeys.config,
  queryFn: ({ signal }) => fetchPublicConfig(signal),
  staleTime: Infinity,
  // A time-out already waited 10 s and a 4xx will not change: retry only blips and 5xx, twice.
  retry: (failureCount, error) => {
    if (
      isApiError(error) &&
      (error.code === CONFIG_TIMEOUT_CODE || (error.status >= 400 && error.status < 500))
    ) {
      return false;
    }
    return failureCount < 2;
  },
});

/** Whether Google sign-in is configured on this server (false while unknown or on error). */
export function useGoogleEnabled(): boolean {
  const { data } = useQuery(configQueryOptions);
  return data?.googleEnabled === true;
}

export type MapStyleState =
  | { status: 'loading' }
  | { status: 'ready'; mapStyleUrl: string | null }
  | { status: 'error'; error: unknown };

/** The MapLibre style URL of this server: null when no map is configured. */
export function useMapStyleUrl(): MapStyleState & { retry: () => void } {
  const { data, error, refetch } = useQuery(configQueryOptions);
  const retry = () => void refetch();
  if (data) return { status: 'ready', mapStyleUrl: data.mapStyleUrl ?? null, retry };
  if (error) return { status: 'error', error, retry };
  return { status: 'loading', retry };
}
