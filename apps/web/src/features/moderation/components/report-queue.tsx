/** /admin Reports: the moderation queue (issue 32). */
export function ReportQueue() {
  return null;
}
