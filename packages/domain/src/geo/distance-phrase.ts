/**
 * How far away a request or a business is, in the same words on every screen (issue 33: one screen
 * said '0 km away' and another 'less than 1 km away' of the same request). The server sends whole
 * kilometres of public points (decision 018), so a distance is 'about N km'; under one is said so.
 */
export function distancePhrase(distanceKm: number | null | undefined): string | null {
  if (distanceKm === null || distanceKm === undefined || !Number.isFinite(distanceKm) || distanceKm < 0) {
    return null;
  }
  const km = Math.round(distanceKm);
  return km < 1 ? 'less than 1 km away' : `about ${km} km away`;
}
