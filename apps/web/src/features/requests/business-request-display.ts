import { distancePhrase } from '@grip/domain';

/**
 * 'about N km away', or 'less than 1 km away' under one km: the same words as every other screen
 * that names a distance (distancePhrase in the domain).
 */
export function distanceLabel(distanceKm: number | null): string | null {
  return distancePhrase(distanceKm);
}
