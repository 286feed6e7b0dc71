import { formatDate } from '@grip/domain';

/** 'about N km away' (whole km from the server); under one km reads as such rather than 'about 0 km'. */
export function distanceLabel(distanceKm: number | null): string | null {
  if (distanceKm === null) return null;
  return distanceKm < 1 ? 'less than 1 km away' : `about ${distanceKm} km away`;
}

/** A date-only value (YYYY-MM-DD) as 'MMM d, yyyy', never shifted by the viewer's time zone. */
export function formatDateOnly(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : formatDate(date, { utc: true });
}
