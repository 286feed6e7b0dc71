import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { PermanentDeliveryError, type Sender } from '../../jobs/outbox';
import { NonPublicAddressError } from '../../lib/public-address';
import { checkEndpointShape, endpointHost, pushAgents, PushEndpointRefused } from './push-endpoint';
import { findSubscription, forgetSubscription, markDelivered } from './push.repository';
import type { VapidKeys } from './vapid-keys';

/** A push waits at most a day at the push service for a device to come online. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 30_000;

/**
 * Web push (RFC 8030/8291/8292): the outbox row names a subscription (recipient = its id); the
 * payload {title, body, url, tag} is encrypted for that browser and signed with our VAPID key by
 * web-push (generateRequestDetails), and POSTed here through agents that connect to public
 * addresses only (push-endpoint.ts). web-push's own sendNotification takes such an agent too, but
 * only an https.Agent over https.request, and the tests' push service is plain http on loopback.
 * Looking the subscription up at send time means a device turned off since is never pushed to.
 * The outbox's push channel: the composition root hands it to createSenders (jobs/senders.ts).
 */
export function createPushSender(
  db: Db,
  config: Config,
  vapidKeys: () => Promise<VapidKeys>,
  lookup: LookupFunction = dns.lookup as LookupFunction,
): Sender {
  const agents = pushAgents(config.push, lookup);

  /** An endpoint the policy refuses now (stored before it, or its host moved inside): never again. */
  const refuse = async (subscriptionId: string, reason: string): Promise<never> => {
    await forgetSubscription(db, subscriptionId);
    throw new PermanentDeliveryError(`push endpoint refused, device forgotten: ${reason}`);
  };

  return async (row) => {
    const subscription = await findSubscription(db, row.recipient);
    if (!subscription) throw new PermanentDeliveryError('push turned off on this device');
    let url: URL;
    try {
      url = checkEndpointShape(subscription.endpoint, config.push).url;
    } catch (err) {
      if (err instanceof PushEndpointRefused) return refuse(subscription.id, err.detail);
      throw err;
    }
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
    let status: number;
    try {
      status = await post(
        url,
        request.headers,
        request.body,
        url.protocol === 'https:' ? agents.https : agents.http,
      );
    } catch (err) {
      if (err instanceof NonPublicAddressError) return refuse(subscription.id, err.message);
      throw err;
    }
    if (status >= 200 && status < 300) {
      await markDelivered(db, subscription.id);
      return 'sent';
    }
    if (status === 404 || status === 410) {
      await forgetSubscription(db, subscription.id);
      throw new PermanentDeliveryError(`the device unsubscribed (push service answered ${status})`);
    }
    // 429 and 5xx pass; other refusals (bad payload, key mismatch, a redirect) would fail the same way again.
    const retry = status === 429 || status >= 500;
    const message = `push service answered ${status}`;
    throw retry ? new Error(message) : new PermanentDeliveryError(message);
  };
}

/** POSTs the push and answers the status; the body is read and dropped, redirects are not followed. */
function post(
  url: URL,
  headers: Record<string, unknown>,
  body: Buffer | null,
  agent: http.Agent,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request(
      {
        method: 'POST',
        hostname: endpointHost(url),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
        agent,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      },
      (res) => {
        res.on('error', reject);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.resume();
      },
    );
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}
