/**
 * The location texts of spec 2 §8 ('Location and address'), split into a toast title and its
 * description, plus our own words where the spec gives only a hint.
 */
export const LOCATION_MESSAGES = {
  lookupFailed: {
    title: 'Address lookup failed',
    description: 'Using coordinates instead. Location still saved.',
  },
  blocked: {
    title: 'Location access blocked',
    description: 'Please enable location access in your browser settings and refresh the page.',
  },
  unsupported: {
    title: 'Location not supported',
    description: 'Your browser cannot share your location. Please enter your location manually.',
  },
  error: { title: 'Location error', fallback: 'We could not get your location. Please try again.' },
} as const;

/** 'lat, lng' to 4 decimals, as the spec shows coordinates when there is no address. */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;
}
