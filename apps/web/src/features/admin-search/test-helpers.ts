import type { AdminBusinessResult, AdminBusinessSearchResponse } from '@grip/domain';
import type { ApiCall, Reply } from '@/test/mock-api';

/** A business as the search answers it, with whatever a test changes. */
export function makeResult(over: Partial<AdminBusinessResult> = {}): AdminBusinessResult {
  return {
    userId: 'b1',
    businessName: 'Blue Water Pools',
    address: '1 Bay St, Manly NSW 2095',
    areaLabel: 'Manly NSW 2095',
    phone: '+61 2 9000 0001',
    website: 'https://bluewater.example.com',
    serviceCategories: ['Pool Maintenance', 'Pool Repairs'],
    ratingAverage: 4.5,
    reviewCount: 2,
    serviceAreaKm: 25,
    distanceKm: 3.14,
    ...over,
  };
}

/** The search's query parameters of a recorded call. */
export const paramsOf = (call: ApiCall) => Object.fromEntries(new URL(call.path, 'http://x').searchParams);

export const searchCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.path.startsWith('/api/admin/business-search'));

/** An answer built from the request: nearby when it carries a point, with the given results. */
export function searchReply(results: AdminBusinessResult[]) {
  return (call: ApiCall): Reply => {
    const params = paramsOf(call);
    const isNearby = 'latitude' in params;
    const body: AdminBusinessSearchResponse = {
      mode: isNearby ? 'nearby' : 'text',
      radiusKm: isNearby ? Number(params.radiusKm ?? 5) : null,
      results: isNearby ? results : results.map((r) => ({ ...r, distanceKm: null })),
    };
    return { body };
  };
}

/** Replaces navigator.geolocation (null removes it); returns the getCurrentPosition spy's calls. */
export function stubGeolocation(
  answer: { latitude: number; longitude: number } | { code: number; message: string } | null,
) {
  const requests: number[] = [];
  const getCurrentPosition: Geolocation['getCurrentPosition'] = (success, failure) => {
    requests.push(Date.now());
    if (answer && 'latitude' in answer) {
      success({ coords: { ...answer, accuracy: 10 }, timestamp: Date.now() } as GeolocationPosition);
    } else if (answer) {
      failure?.({
        ...answer,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError);
    }
  };
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: answer ? { getCurrentPosition } : undefined,
  });
  return requests;
}
