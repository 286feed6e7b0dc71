import {
  BOOKED_OFFER,
  DECLINED_OFFERS,
  formatCurrency,
  formatDate,
  formTimeOf,
  hyphenatedToTitleWords,
  PENDING_OFFER,
  statusLabel,
  TIME_FLEXIBILITY_LABELS,
  TIME_OF_DAY_LABELS,
  type RequestDisplayStatus,
  type RequestResponseSummary,
  type ResponseStatus,
} from '@grip/domain';
import type { ComponentProps } from 'react';
import type { Badge } from '@/components/ui/badge';

type BadgeTone = NonNullable<ComponentProps<typeof Badge>['tone']>;

/** At most 3 request images are previewed in an expanded card (spec 2 §9). */
export const CARD_IMAGE_PREVIEW_LIMIT = 3;

/** Colour beside the word, the same everywhere (UI guide): confirmed green, completed blue, expired red. */
export function displayStatusTone(status: RequestDisplayStatus): BadgeTone {
  switch (status) {
    case 'COMPLETED':
      return 'info';
    case 'CONFIRMED':
      return 'success';
    case 'EXPIRED':
      return 'danger';
    case 'OPEN':
      return 'warning';
    case 'IN PROGRESS':
      return 'info';
    default:
      return 'neutral';
  }
}

export function responseStatusTone(status: ResponseStatus): BadgeTone {
  if (status === BOOKED_OFFER) return 'success';
  if (DECLINED_OFFERS.includes(status)) return 'danger';
  if (status === PENDING_OFFER) return 'warning';
  return 'neutral';
}

export function responseStatusLabel(response: RequestResponseSummary): string {
  return statusLabel(response.status);
}

/** A date-only value (YYYY-MM-DD) as 'MMM d, yyyy', read in UTC so no time zone shifts the day. */
export function formatDateOnly(value: string): string {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : formatDate(date, { utc: true });
}

/** An instant as 'MMM d, yyyy' in the viewer's time zone. */
export function formatInstant(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatDate(date);
}

/** A stored time read the way the form writes it: a time of day ('Morning') or an explicit '14:30'. */
export function preferredTimeLabel(stored: string | null): string {
  const { timeOfDay, preferredTime } = formTimeOf(stored);
  return preferredTime ?? TIME_OF_DAY_LABELS[timeOfDay];
}

export function timeFlexibilityLabel(value: string | null): string | null {
  if (!value) return null;
  return value in TIME_FLEXIBILITY_LABELS
    ? TIME_FLEXIBILITY_LABELS[value as keyof typeof TIME_FLEXIBILITY_LABELS]
    : hyphenatedToTitleWords(value.replace(/_/g, '-'));
}

/** The service as the catalogue names it (now in the domain, shared with the business pages). */
export { serviceSubtypeLabel } from '@grip/domain';

/** A quote with '/hr' for hourly prices. */
export function quotedPriceLabel(
  response: Pick<RequestResponseSummary, 'quotedPrice' | 'priceType'>,
): string {
  if (response.quotedPrice === null) return 'No price quoted';
  return `${formatCurrency(response.quotedPrice)}${response.priceType === 'hourly' ? '/hr' : ''}`;
}

export function responseCountLabel(count: number): string {
  if (count === 0) return 'No responses yet';
  return count === 1 ? '1 response' : `${count} responses`;
}

/** The customer's own request shows its address; the area is the fallback for old rows. */
export function locationLabel(request: { locationAddress: string | null; areaLabel: string | null }): string {
  return request.locationAddress ?? request.areaLabel ?? 'No location given';
}
