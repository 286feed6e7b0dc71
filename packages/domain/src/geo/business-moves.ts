/**
 * How often a business may move its address (decision 018): the limit the server enforces and the
 * words it refuses with. Each move is kept in the audit log.
 */

/**
 * A business moves its address at most this many times in ADDRESS_CHANGE_WINDOW_HOURS. The public
 * point already hides a request's exact place whatever a business does; the limit keeps a business
 * from sweeping its cell across a city, and each move is kept in the audit log.
 */
export const ADDRESS_CHANGES_PER_WINDOW = 3;
export const ADDRESS_CHANGE_WINDOW_HOURS = 24;

/** When the oldest change in the window leaves it: the next change is allowed then. */
export function nextAddressChangeAt(recentChanges: readonly Date[], now: Date): Date | null {
  const windowMs = ADDRESS_CHANGE_WINDOW_HOURS * 60 * 60 * 1000;
  const inWindow = recentChanges
    .filter((at) => now.getTime() - at.getTime() < windowMs)
    .sort((a, b) => a.getTime() - b.getTime());
  if (inWindow.length < ADDRESS_CHANGES_PER_WINDOW) return null;
  const oldest = inWindow[inWindow.length - ADDRESS_CHANGES_PER_WINDOW]!;
  return new Date(oldest.getTime() + windowMs);
}

/** The refusal's text: how long until the next change is allowed, in plain words. */
export function addressChangeLimitMessage(next: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 60_000));
  const wait =
    minutes < 60
      ? `${minutes} minute${minutes === 1 ? '' : 's'}`
      : `${Math.ceil(minutes / 60)} hour${Math.ceil(minutes / 60) === 1 ? '' : 's'}`;
  return `Your business address can change ${ADDRESS_CHANGES_PER_WINDOW} times in ${ADDRESS_CHANGE_WINDOW_HOURS} hours. You can change it again in ${wait}.`;
}
