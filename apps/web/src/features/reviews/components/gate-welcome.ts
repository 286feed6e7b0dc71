/**
 * The gate's welcome dialog opens once per visit: remembered for the tab's session (per user, so
 * someone else signing in on the same tab still sees it), not across visits.
 */
const keyFor = (userId: string) => `grip.reviewGate.welcomed.${userId}`;

export function wasWelcomed(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(keyFor(userId)) === '1';
  } catch {
    // Storage can be blocked (private modes); then the welcome shows once per mount instead.
    return false;
  }
}

export function markWelcomed(userId: string): void {
  try {
    window.sessionStorage.setItem(keyFor(userId), '1');
  } catch {
    // See above: nothing to remember it in.
  }
}
