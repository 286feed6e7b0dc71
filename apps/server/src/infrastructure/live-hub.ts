import { LiveHub } from '../modules/live/live-hub';
import { appPlugin } from './grip';

/**
 * Live updates (modules/live): the hub reads new live events while streams are open. Open streams would
 * keep the server from closing, so they end first, before the server closes (preClose).
 */
export const liveHub = appPlugin('live hub', async (app) => {
  const live = new LiveHub(app.grip.database, app.log);
  app.grip.live = live;
  app.addHook('preClose', async () => live.close());
  await live.start();
});
