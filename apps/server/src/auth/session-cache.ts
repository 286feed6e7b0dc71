import type { AuthSession } from './auth-session';

/** The NOTIFY channel on which the database announces changed or ended sessions and users (drizzle/0015). */
export const SESSION_CHANNEL = 'grip_sessions';

interface Entry {
  session: AuthSession;
  until: number;
}

/**
 * Sessions Better Auth has just confirmed, kept for a few seconds so that a busy tab's API calls do
 * not each cost two database reads and an HMAC check (issue 9: the authenticated trivial route was
 * 4.5x slower without it). Keyed by the signed session cookie exactly as the browser sent it, so only
 * a cookie Better Auth itself accepted can ever be answered from here.
 *
 * A session must never outlive its revocation by more than an instant, so entries are forgotten:
 * - at once in this process, by the code that ends or changes sessions (sign-out and every other
 *   auth POST, any write by the signed-in user, an administrator's suspension);
 * - on a database announcement (a trigger on sessions and users, drizzle/0015), which also reaches
 *   every other process sharing the database, and the cache empties when that listener reconnects;
 * - and in any case after `ttlMs`, or when the session itself expires.
 */
export class SessionCache {
  private entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  get size() {
    return this.entries.size;
  }

  get(key: string, now: number): AuthSession | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until <= now) {
      this.entries.delete(key);
      return null;
    }
    return entry.session;
  }

  set(key: string, session: AuthSession & { session: { expiresAt?: Date | string } }, now: number) {
    if (!this.enabled) return;
    const expires = session.session.expiresAt ? new Date(session.session.expiresAt).getTime() : Infinity;
    const until = Math.min(now + this.ttlMs, expires);
    if (until <= now) return;
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { session, until });
  }

  dropUser(userId: string) {
    for (const [key, entry] of this.entries) if (entry.session.user.id === userId) this.entries.delete(key);
  }

  dropSession(sessionId: string) {
    for (const [key, entry] of this.entries)
      if (entry.session.session.id === sessionId) this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }

  /**
   * `s:<session id>` or `u:<user id>`, as the triggers announce them; `p:` (a profile changed) is the
   * profile cache's, not ours; anything else empties the cache.
   */
  forget(payload: string) {
    if (payload.startsWith('s:')) this.dropSession(payload.slice(2));
    else if (payload.startsWith('u:')) this.dropUser(payload.slice(2));
    else if (!payload.startsWith('p:')) this.clear();
  }
}
