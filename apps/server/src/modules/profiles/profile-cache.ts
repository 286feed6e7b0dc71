import type { Db, Tx } from '../../db/client';
import type { ProfileRow } from './profiles.repository';

interface Entry {
  row: ProfileRow;
  until: number;
}

/**
 * Profiles read for signed-in requests, kept as briefly as sessions are (SESSION_CACHE_SECONDS):
 * almost every API call starts by reading its caller's profile (role, categories, area), and that
 * read was one of the two round trips of the matching feed (issue 9, docs/performance.md).
 *
 * A profile must never outlive its change by more than an instant, so entries are forgotten:
 * - at once in this process, by every write to a profile (forgetProfile, next to each update);
 * - on the database's announcement (a trigger on profiles, drizzle/0018), which also reaches every
 *   other process sharing the database, and everything when that listener reconnects;
 * - and in any case after `ttlMs`.
 * A read that raced a change is not kept: each drop moves a generation counter, and an answer read
 * under an older generation goes back to its caller without entering the cache.
 */
export class ProfileCache {
  private entries = new Map<string, Entry>();
  private generationCount = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  /** Taken before reading a profile from the database, and given back to set(). */
  get generation() {
    return this.generationCount;
  }

  get(userId: string, now: number): ProfileRow | null {
    const entry = this.entries.get(userId);
    if (!entry) return null;
    if (entry.until <= now) {
      this.entries.delete(userId);
      return null;
    }
    return entry.row;
  }

  set(row: ProfileRow, now: number, readAtGeneration: number) {
    if (!this.enabled || readAtGeneration !== this.generationCount) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(row.userId)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(row.userId, { row, until: now + this.ttlMs });
  }

  drop(userId: string) {
    this.generationCount++;
    this.entries.delete(userId);
  }

  clear() {
    this.generationCount++;
    this.entries.clear();
  }

  /** `p:<user id>` (a profile changed) or `u:<user id>` (its account did); session news is not ours. */
  forget(payload: string) {
    if (payload.startsWith('p:') || payload.startsWith('u:')) this.drop(payload.slice(2));
    else if (!payload.startsWith('s:')) this.clear();
  }
}

/** Each database handle's cache (a transaction's handle has none: it reads afresh). */
const cacheOfDatabase = new WeakMap<object, ProfileCache>();
/** Every cache of this process, for the writes that only know the user. */
const liveCaches = new Set<ProfileCache>();

/** Reads of profiles through `db` use `cache` from now on, until the returned function is called. */
export function cacheProfilesOf(db: Db, cache: ProfileCache): () => void {
  cacheOfDatabase.set(db, cache);
  liveCaches.add(cache);
  return () => {
    cacheOfDatabase.delete(db);
    liveCaches.delete(cache);
  };
}

export function profileCacheOf(db: Db | Tx): ProfileCache | undefined {
  return cacheOfDatabase.get(db);
}

/** Called by every write to a profile: this process's readers see the change at once. */
export function forgetProfile(userId: string): void {
  for (const cache of liveCaches) cache.drop(userId);
}
