import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationFanOut, notifications, outbox, pushSubscriptions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fanOutNotifications } from './notification-fan-out';
import { insertNotifications } from './notifications.repository';

/**
 * Push and SMS deliveries follow committed notifications: a trigger queues each one with its write,
 * and the fan-out turns the queue into outbox rows once (docs/decisions/023).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  await t.app.grip.outbox.stop(); // driven by hand below
});
afterAll(() => t.close());

async function personWithDevices(devices: number) {
  const person = await t.signUp();
  for (let i = 0; i < devices; i++) {
    await t.db.insert(pushSubscriptions).values({
      userId: person.userId,
      endpoint: `https://push.example.com/${person.userId}/${i}`,
      p256dh: 'k',
      auth: 'a',
    });
  }
  return person.userId;
}

const notice = (userId: string, message: string) => ({
  userId,
  type: 'new_message',
  title: 'New message',
  message,
  relatedId: null,
});

const pushesTo = (userId: string) =>
  t.db
    .select({ recipient: outbox.recipient, payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.channel, 'push'), eq(outbox.userId, userId)));

const queued = async (userId: string) =>
  (
    await t.db
      .select({ id: notificationFanOut.notificationId })
      .from(notificationFanOut)
      .innerJoin(notifications, eq(notifications.id, notificationFanOut.notificationId))
      .where(eq(notifications.userId, userId))
  ).length;

describe('notification fan-out', () => {
  it('queues every notification with its write and gives each device one push, however often it runs', async () => {
    const userId = await personWithDevices(2);
    await insertNotifications(t.db, [notice(userId, 'one'), notice(userId, 'two')]);
    expect(await queued(userId)).toBe(2);
    expect(await pushesTo(userId)).toEqual([]);

    // Two workers at once (two processes): SKIP LOCKED hands each notification to one of them.
    await Promise.all([fanOutNotifications(t.db), fanOutNotifications(t.db), t.app.grip.outbox.fanOut()]);
    await t.app.grip.outbox.fanOut();

    const pushes = await pushesTo(userId);
    expect(pushes).toHaveLength(4);
    expect(pushes.map((p) => (p.payload as { body: string }).body).sort()).toEqual([
      'one',
      'one',
      'two',
      'two',
    ]);
    expect(await queued(userId)).toBe(0);
  });

  it('queues nothing for a write that rolls back', async () => {
    const userId = await personWithDevices(1);
    await expect(
      t.db.transaction(async (tx) => {
        await insertNotifications(tx, [notice(userId, 'never')]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queued(userId)).toBe(0);
    await t.app.grip.outbox.fanOut();
    expect(await pushesTo(userId)).toEqual([]);
  });

  it('keeps a batch queued when its fan-out fails, and fans it out on the next run', async () => {
    const userId = await personWithDevices(1);
    await insertNotifications(t.db, [notice(userId, 'later')]);
    // A failing outbox insert stands for any failure inside the fan-out's transaction.
    await t.db.execute(`create function grip_test_refuse_push() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`);
    await t.db.execute(`create trigger grip_test_refuse_push before insert on outbox
      for each row execute function grip_test_refuse_push()`);
    try {
      await expect(fanOutNotifications(t.db)).rejects.toThrow();
    } finally {
      await t.db.execute('drop trigger grip_test_refuse_push on outbox');
      await t.db.execute('drop function grip_test_refuse_push()');
    }
    expect(await queued(userId)).toBe(1);
    expect((await t.app.grip.outbox.fanOut()).handled).toBeGreaterThanOrEqual(1);
    expect(await pushesTo(userId)).toHaveLength(1);
  });

  it('leaves nothing queued for a deleted notification', async () => {
    const userId = await personWithDevices(1);
    await insertNotifications(t.db, [notice(userId, 'gone')]);
    const ids = (
      await t.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId))
    ).map((r) => r.id);
    await t.db.delete(notifications).where(inArray(notifications.id, ids));
    expect(await queued(userId)).toBe(0);
  });
});
