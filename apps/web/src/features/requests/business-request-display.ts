/** 'about N km away' (whole km from the server); under one km reads as such rather than 'about 0 km'. */
export function distanceLabel(distanceKm: number | null): string | null {
  if (distanceKm === null) return null;
  return distanceKm < 1 ? 'less than 1 km away' : `about ${distanceKm} km away`;
}
