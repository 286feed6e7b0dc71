import webpush from 'web-push';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { findSubscription, forgetSubscription, markDelivered } from '../modules/push/push.repository';
import type { VapidKeys } from '../modules/push/vapid-keys';
import { PermanentDeliveryError, type Sender } from './outbox';

/** A push waits at most a day at the push service for a device to come online. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 30_000;

/**
 * Web push (RFC 8030/8291/8292): the outbox row names a subscription (recipient = its id); the
 * payload {title, body, url, tag} is encrypted for that browser and signed with our VAPID key by
 * web-push, and POSTed to the push service here, with fetch, so the time-out and the answer are ours.
 * Looking the subscription up at send time means a device turned off since is never pushed to.
 */
export function createPushSender(db: Db, config: Config, vapidKeys: () => Promise<VapidKeys>): Sender {
  return async (row) => {
    const subscription = await findSubscription(db, row.recipient);
    if (!subscription) throw new PermanentDeliveryError('push turned off on this device');
    const keys = await vapidKeys();
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(row.payload),
      {
        vapidDetails: { subject: config.push.subject, ...keys },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      redirect: 'error',
    });
    await response.body?.cancel();
    if (response.ok) {
      await markDelivered(db, subscription.id);
      return 'sent';
    }
    if (response.status === 404 || response.status === 410) {
      await forgetSubscription(db, subscription.id);
      throw new PermanentDeliveryError(`the device unsubscribed (push service answered ${response.status})`);
    }
    // 429 and 5xx pass; other refusals (bad payload, key mismatch) would fail the same way again.
    const retry = response.status === 429 || response.status >= 500;
    const message = `push service answered ${response.status}`;
    throw retry ? new Error(message) : new PermanentDeliveryError(message);
  };
}
