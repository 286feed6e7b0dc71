import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { enqueue, MAX_ATTEMPTS, OutboxWorker, type Sender } from './outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The app's own worker stays out of the way: these tests drive workers themselves.
  await t.app.ready();
  await t.app.grip.outbox.stop();
});
afterAll(async () => {
  await t.close();
});

const worker = (email: Sender) => new OutboxWorker(t.db, { email, sms: email, push: email }, t.app.log, 1000);

async function add(topic: string, n = 1) {
  await enqueue(
    t.db,
    Array.from({ length: n }, (_, i) => ({
      channel: 'email' as const,
      topic,
      recipient: `${topic}.${i}@example.com`,
      payload: { subject: 's', text: 't' },
    })),
  );
  return t.db.select().from(outbox).where(eq(outbox.topic, topic));
}

describe('the outbox worker', () => {
  it('sends each row once, even with two workers running at the same time', async () => {
    await t.db.update(outbox).set({ status: 'sent' }); // only this test's rows are pending
    const rows = await add('race', 12);
    const sent: string[] = [];
    const slowSender: Sender = async (row) => {
      await new Promise((r) => setTimeout(r, 5));
      sent.push(row.recipient);
      return 'sent';
    };
    const a = worker(slowSender);
    const b = worker(slowSender);
    for (let i = 0; i < 5; i++) await Promise.all([a.runOnce(5), b.runOnce(5)]);
    expect(sent.sort()).toEqual(rows.map((r) => r.recipient).sort());
    const after = await t.db.select().from(outbox).where(eq(outbox.topic, 'race'));
    expect(after.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('retries a failed delivery later with backoff, then gives up as failed', async () => {
    await t.db.update(outbox).set({ status: 'sent' });
    const [row] = await add('flaky');
    const failing = worker(async () => {
      throw new Error('mail server said no');
    });
    expect(await failing.runOnce()).toBe(1);
    let [now] = await t.db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(now).toMatchObject({ status: 'pending', attempts: 1, lastError: 'mail server said no' });
    expect(now!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await failing.runOnce()).toBe(0); // not due yet

    await t.db
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1, runAt: sql`now()` })
      .where(eq(outbox.id, row!.id));
    expect(await failing.runOnce()).toBe(1);
    [now] = await t.db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(now).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('never claims a row that has used up its attempts', async () => {
    await t.db.update(outbox).set({ status: 'sent' });
    const [row] = await add('stuck');
    await t.db.update(outbox).set({ attempts: MAX_ATTEMPTS }).where(eq(outbox.id, row!.id));
    expect(await worker(async () => 'sent').runOnce()).toBe(0);
  });
});
