import { isApiError } from '@/lib/api-client';
import { CONFIG_TIMEOUT_CODE } from '@/features/auth/api/get-config';

/**
 * Why the live map is not shown. People see a static preview and at most one quiet line in plain
 * words (issue 33: the spec's 'Map configuration missing' and its kin read as a broken app, and the
 * fault is never theirs to fix); the reason is kept for developers on the map's box
 * (data-map-problem) instead.
 */
export interface MapProblem {
  reason:
    'off' | 'settings' | 'not-deployed' | 'network' | 'timeout' | 'download' | 'webgl' | 'tiles' | 'init';
  /** The line shown with the preview; none when maps are turned off (the preview is the map then). */
  note: string | null;
  /** Whether trying again could help (a blip), or nothing the person does will. */
  canRetry: boolean;
}

/** The line shown when the live map could not load; never developer words (settings, server, style). */
export const MAP_UNAVAILABLE = 'Live map unavailable right now';
export const MAP_UNSUPPORTED = "This device can't show the live map";

const unreachable = (reason: MapProblem['reason']): MapProblem => ({
  reason,
  note: MAP_UNAVAILABLE,
  canRetry: true,
});

export const MAP_PROBLEMS = {
  /** MAP_STYLE_URL=off: the administrator chose no maps. */
  off: { reason: 'off', note: null, canRetry: false },
  settingsFailed: unreachable('settings'),
  notDeployed: { reason: 'not-deployed', note: MAP_UNAVAILABLE, canRetry: false },
  network: unreachable('network'),
  /** Map, token and places time-out (spec 2 §9): nothing within 10 s. */
  timeout: unreachable('timeout'),
  download: unreachable('download'),
  /** No WebGL: trying again will not change the browser. */
  createFailed: { reason: 'webgl', note: MAP_UNSUPPORTED, canRetry: false },
  initFailed: unreachable('init'),
  /** The style or its tiles could not be fetched (offline, the tile host down or blocked). */
  displayError: unreachable('tiles'),
} as const satisfies Record<string, MapProblem>;

/** The problem behind a failed /api/config request. */
export function configProblem(error: unknown): MapProblem {
  if (isApiError(error)) {
    if (error.code === CONFIG_TIMEOUT_CODE) return MAP_PROBLEMS.timeout;
    if (error.status === 0) return MAP_PROBLEMS.network;
    if (error.status === 404) return MAP_PROBLEMS.notDeployed;
    if (error.status >= 500) return MAP_PROBLEMS.settingsFailed;
  }
  return MAP_PROBLEMS.network;
}
