/** A proposed new time's states as stored (issue 32); its lifecycle is PROPOSAL_LIFECYCLE in reschedule.ts. */
export const RESCHEDULE_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn', 'closed'] as const;
export type RescheduleStatus = (typeof RESCHEDULE_STATUSES)[number];
