import { isApiError } from '@/lib/api-client';
import { CONFIG_TIMEOUT_CODE } from '@/features/auth/api/get-config';

/** Why the map is not shown: the spec's title (2 §8 'Map errors') and a detail line in plain words. */
export interface MapProblem {
  title: string;
  detail: string;
  /** Whether trying again could help (a blip), or only the server's configuration can fix it. */
  canRetry: boolean;
}

export const MAP_PROBLEMS = {
  notConfigured: {
    title: 'Map configuration missing',
    detail: 'No map style is set up on this server, so a preview is shown instead.',
    canRetry: false,
  },
  configFailed: {
    title: 'Map configuration missing',
    detail: 'The server could not provide the map settings.',
    canRetry: true,
  },
  notDeployed: {
    title: 'Map service not deployed',
    detail: 'This server does not provide map settings.',
    canRetry: false,
  },
  network: {
    title: 'Failed to load map',
    detail: 'Check your internet connection and try again.',
    canRetry: true,
  },
  timeout: {
    title: 'Map service timeout',
    detail: 'The map did not respond within 10 seconds.',
    canRetry: true,
  },
  download: {
    title: 'Network error',
    detail: 'The map could not be downloaded. Check your connection and try again.',
    canRetry: true,
  },
  createFailed: {
    title: 'Failed to create map',
    detail: 'This browser could not start the map (it may not support WebGL).',
    canRetry: false,
  },
  initFailed: {
    title: 'Failed to initialize map',
    detail: 'The map started but could not show this location.',
    canRetry: true,
  },
  displayError: {
    title: 'Map display error',
    detail: 'The map style or its tiles could not be loaded.',
    canRetry: true,
  },
} as const satisfies Record<string, MapProblem>;

/** The problem behind a failed /api/config request. */
export function configProblem(error: unknown): MapProblem {
  if (isApiError(error)) {
    if (error.code === CONFIG_TIMEOUT_CODE) return MAP_PROBLEMS.timeout;
    if (error.status === 0) return MAP_PROBLEMS.network;
    if (error.status === 404) return MAP_PROBLEMS.notDeployed;
    if (error.status >= 500) return MAP_PROBLEMS.configFailed;
  }
  return MAP_PROBLEMS.network;
}
