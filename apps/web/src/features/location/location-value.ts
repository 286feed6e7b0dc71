/**
 * A location as forms hold it: what the person typed or chose, and the coordinates and area when
 * known. Free text keeps null coordinates until the form geocodes it on submit.
 */
export interface LocationValue {
  address: string;
  latitude: number | null;
  longitude: number | null;
  /** Suburb or city: what businesses see before a quote is accepted. */
  area: string | null;
}

export const EMPTY_LOCATION: LocationValue = { address: '', latitude: null, longitude: null, area: null };

export function hasCoordinates(
  value: Pick<LocationValue, 'latitude' | 'longitude'>,
): value is { latitude: number; longitude: number } {
  return value.latitude !== null && value.longitude !== null;
}
