import { openRateLimits } from '../lib/rate-limits';
import { appPlugin } from './grip';

/** Every rate limit (lib/rate-limits.ts): in the database on PostgreSQL, in memory on the embedded one. */
export const rateLimits = appPlugin('rate limits', async (app) => {
  const limits = await openRateLimits(app.grip.database, app.log);
  app.grip.limits = limits;
  app.addHook('onClose', async () => limits.close());
});
