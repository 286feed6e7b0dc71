import { SESSION_CHANNEL, SessionCache } from '../auth/session-cache';
import { cacheProfilesOf, ProfileCache } from '../modules/profiles/profile-cache';
import { appPlugin } from './grip';

/**
 * Checked sessions and their accounts' profiles, kept for SESSION_CACHE_SECONDS and forgotten on the
 * database's announcements (drizzle/0018), from this process or any other sharing the database.
 */
export const sessionCaches = appPlugin('session caches', async (app) => {
  const { config, database } = app.grip;
  const sessions = new SessionCache(config.sessionCacheMs);
  // Profiles are kept as long as sessions are, and forgotten on the same announcements.
  const profiles = new ProfileCache(config.sessionCacheMs);
  const uncacheProfiles = profiles.enabled ? cacheProfilesOf(database.db, profiles) : () => {};
  let unlisten: () => Promise<void> = async () => {};
  app.grip.sessions = sessions;
  app.addHook('preClose', async () => {
    await unlisten().catch(() => {});
    uncacheProfiles();
  });
  // A reconnected listener may have missed announcements, so the caches empty.
  if (sessions.enabled) {
    unlisten = await database.listen(
      SESSION_CHANNEL,
      (payload) => {
        sessions.forget(payload);
        profiles.forget(payload);
      },
      () => {
        sessions.clear();
        profiles.clear();
      },
    );
  }
});
