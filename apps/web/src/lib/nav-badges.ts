import type { BadgeCounts, NavBadge } from '@grip/domain';

/** Which count of GET /api/badges each navigation badge kind shows. */
const BADGE_FIELDS: Record<Exclude<NavBadge, 'none'>, keyof BadgeCounts> = {
  new_requests: 'newRequests',
  unread_messages: 'unreadMessages',
  pending_responses: 'pendingResponses',
  confirmed: 'confirmed',
};

/** The raw count behind a navigation tab's badge (0 when the tab has none or counts are unknown). */
export function navBadgeCount(kind: NavBadge, counts: BadgeCounts | undefined): number {
  if (kind === 'none' || !counts) return 0;
  return counts[BADGE_FIELDS[kind]];
}

/** Words for screen readers after the count, e.g. "(3 new)". */
export const NAV_BADGE_WORDS: Record<Exclude<NavBadge, 'none'>, string> = {
  new_requests: 'new',
  unread_messages: 'unread',
  pending_responses: 'pending',
  confirmed: 'confirmed',
};
