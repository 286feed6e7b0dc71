/** Block and report (issue 32): what may be reported, why, and how a report ends. */
export const REPORT_TARGETS = ['user', 'message', 'request', 'review'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ['spam', 'harassment', 'fraud', 'inappropriate', 'no_show', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Open until an administrator dismisses it, warns the reported account, or suspends it. */
export const REPORT_STATUSES = ['open', 'dismissed', 'warned', 'suspended'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The state a report waits in for an administrator (the queue, reports_open_idx). */
export const OPEN_REPORT = REPORT_STATUSES[0];

/** What an administrator does with an open report; each ends it in one status. */
export const REPORT_ACTIONS = ['dismiss', 'warn', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
