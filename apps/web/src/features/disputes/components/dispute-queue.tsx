/** /admin Disputes: escalated disputes an administrator decides (issue 32). */
export function DisputeQueue() {
  return null;
}
