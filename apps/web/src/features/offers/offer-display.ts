import { formatCurrency, type ResponseStateBadge, type ViewStatus } from '@grip/domain';
import type { ComponentProps } from 'react';
import type { Badge } from '@/components/ui/badge';
import { formatDateOnly, formatInstant, preferredTimeLabel } from '@/features/requests/request-display';

type BadgeTone = NonNullable<ComponentProps<typeof Badge>['tone']>;

/** A quote with '/hr' for hourly prices (spec 2: Confirm Service Offer). */
export function offerPriceLabel(quotedPrice: string, priceType: string | null): string {
  return `${formatCurrency(quotedPrice)}${priceType === 'hourly' ? '/hr' : ''}`;
}

/** '09:30:00' -> '09:30'. */
export function clockLabel(time: string): string {
  return time.slice(0, 5);
}

/** 'May 5, 2026 at 09:30', the date alone, or null when the business gave none. */
export function availabilityLabel(date: string | null, time: string | null): string | null {
  if (!date) return time ? `At ${clockLabel(time)}` : null;
  return time ? `${formatDateOnly(date)} at ${clockLabel(time)}` : formatDateOnly(date);
}

/** The request's preferred date and time in one line. */
export function preferredWhenLabel(date: string | null, time: string | null): string {
  const day = date ? formatDateOnly(date) : 'No preferred date';
  return time ? `${day}, ${preferredTimeLabel(time)}` : day;
}

/**
 * The request's budget. The offer carries only the bounds, so equal bounds (or one alone) read as one
 * amount and two different bounds as a range.
 */
export function budgetLabel(min: string | null, max: string | null): string {
  if (min && max)
    return min === max ? formatCurrency(min) : `${formatCurrency(min)} - ${formatCurrency(max)}`;
  if (min ?? max) return formatCurrency((min ?? max)!);
  return 'Budget not specified';
}

/** Spec 2 "Response detail dialog": 'This offer expires on ...'. */
export function contestDeadlineLabel(deadline: string): string {
  return `This offer expires on ${formatInstant(deadline)}`;
}

/** Colour beside the word (UI guide): booked green, completed blue, declined red, pending amber. */
export const STATE_BADGE_TONES: Record<ResponseStateBadge, BadgeTone> = {
  COMPLETED: 'info',
  BOOKED: 'success',
  DECLINED: 'danger',
  PENDING: 'warning',
};

/** NEW is amber; VIEWED and EDITED are slate (UI guide). */
export const VIEW_BADGE_TONES: Record<ViewStatus, BadgeTone> = {
  NEW: 'warning',
  EDITED: 'neutral',
  VIEWED: 'neutral',
};

/** Spec 2 §4: 'Accepted as Is' for Accept As-Is responses (a stored flag), 'Counteroffer' otherwise. */
export function offerKindLabel(isAcceptedAsIs: boolean): string {
  return isAcceptedAsIs ? 'Accepted as Is' : 'Counteroffer';
}

/** The link to the conversation of an accepted offer (spec 2: /messages?conversation={requestId}-{responseId}). */
export function conversationLink(requestId: string, responseId: string): string {
  return `/messages?conversation=${encodeURIComponent(`${requestId}-${responseId}`)}`;
}
