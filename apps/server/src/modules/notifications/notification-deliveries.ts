import { PRODUCT_NAME, notificationLink, sendsSms, smsNumber, smsText, type PushPayload } from '@grip/domain';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { profiles } from '../../db/schema';
import { enqueue, type OutboxItem } from '../../jobs/outbox';
import type { SmsPayload } from '../../jobs/sms-sender';
import { subscriptionsOf } from '../push/push.repository';
import { isSwitchOn } from './system-switches';
import type { NotificationRow } from './notifications.repository';

/**
 * Every in-app notification also goes out by web push, to each device its user turned push on in,
 * and by SMS when the user chose SMS, has an international phone number and the administrators'
 * SMS switch is on (chat messages excepted, see sendsSms). Enqueued by the fan-out of committed
 * notifications (notification-fan-out.ts), in the transaction that takes them off its queue, so a
 * rolled-back change sends nothing and a committed one is fanned out once. Emails are written per
 * event by the services, in their own words.
 */
export async function enqueueNotificationDeliveries(db: Db | Tx, rows: NotificationRow[]): Promise<void> {
  if (rows.length === 0) return;
  const userIds = [...new Set(rows.map((r) => r.userId))];
  // One after another: these run inside the caller's transaction, on its one connection.
  const people = await db
    .select({
      userId: profiles.userId,
      role: profiles.role,
      phone: profiles.phone,
      preferences: profiles.notificationPreferences,
    })
    .from(profiles)
    .where(inArray(profiles.userId, userIds));
  const devices = await subscriptionsOf(db, userIds);
  const smsOn = rows.some((r) => sendsSms(r.type)) && (await isSwitchOn(db, 'sms_notifications_enabled'));
  const personOf = new Map(people.map((p) => [p.userId, p]));
  const devicesOf = new Map<string, string[]>();
  for (const d of devices) devicesOf.set(d.userId, [...(devicesOf.get(d.userId) ?? []), d.id]);

  const items: OutboxItem[] = [];
  for (const row of rows) {
    const person = personOf.get(row.userId);
    const link = notificationLink(row, person?.role);
    for (const deviceId of devicesOf.get(row.userId) ?? []) {
      const payload: PushPayload = { title: row.title, body: row.message, url: link, tag: row.id };
      items.push({ channel: 'push', topic: row.type, recipient: deviceId, payload, userId: row.userId });
    }
    const phone = smsNumber(person?.phone);
    if (smsOn && phone && sendsSms(row.type) && person?.preferences.includes('sms')) {
      const payload: SmsPayload = { text: smsText(PRODUCT_NAME, row), link };
      items.push({ channel: 'sms', topic: row.type, recipient: phone, payload, userId: row.userId });
    }
  }
  await enqueue(db, items);
}
