/**
 * A dispute's words as stored (issue 32): a contest opens one; the business answers, the customer
 * accepts or escalates, an administrator decides an escalated one. The rules are in disputes.ts.
 */
export const DISPUTE_STATUSES = ['awaiting_business', 'awaiting_customer', 'escalated', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** How the business answers a contest: offer to put it right, or explain why the work stands. */
export const DISPUTE_ANSWER_KINDS = ['fix_offered', 'explanation'] as const;
export type DisputeAnswerKind = (typeof DISPUTE_ANSWER_KINDS)[number];

/** How a dispute ended: the customer accepted the business's answer, or an administrator decided. */
export const DISPUTE_OUTCOMES = ['accepted', 'for_customer', 'for_business'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
