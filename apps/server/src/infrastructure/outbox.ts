import type { LookupFunction } from 'node:net';
import { OutboxWorker } from '../jobs/outbox';
import { createSenders } from '../jobs/senders';
import { fanOutNotifications } from '../modules/notifications/notification-fan-out';
import { createPushSender } from '../modules/push/push-sender';
import type { VapidKeys } from '../modules/push/vapid-keys';
import { appPlugin } from './grip';

/**
 * The delivery worker (jobs/outbox.ts) with a sender per channel, web push signed with the app's
 * VAPID keys. It starts polling once the app is ready and stops, finishing its batch, on close.
 */
export const outbox = appPlugin<{ vapidKeys: () => Promise<VapidKeys>; lookup: LookupFunction }>(
  'outbox',
  async (app, { vapidKeys, lookup }) => {
    const { config, database } = app.grip;
    const push = createPushSender(database.db, config, vapidKeys, lookup);
    const worker = new OutboxWorker(
      database.db,
      createSenders(config, app.log, push),
      app.log,
      config.outboxPollMs,
      { fanOut: () => fanOutNotifications(database.db) },
    );
    app.grip.outbox = worker;
    // Made (or read) now, so that asking for the public key later is a pure read (no GET writes).
    await vapidKeys();
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
);
