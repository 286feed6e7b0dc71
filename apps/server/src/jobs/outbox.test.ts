import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { enqueue, MAX_ATTEMPTS, OutboxWorker, type Sender, STOPPED_WHILE_SENDING } from './outbox';

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

const worker = (email: Sender, leaseSeconds?: number) =>
  new OutboxWorker(t.db, { email, sms: email, push: email }, t.app.log, 1000, { leaseSeconds });
const rowOf = async (id: number) => (await t.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

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

describe('enqueue', () => {
  it('takes a fan-out larger than one statement can carry (65,535 parameters)', async () => {
    // Six parameters a row: 72,000 in all.
    await enqueue(
      t.db,
      Array.from({ length: 12_000 }, (_, i) => ({
        channel: 'push' as const,
        topic: 'fan-out',
        recipient: `device-${i}`,
        payload: { title: 't', body: 'b', url: '/' },
        requestId: null,
        userId: null,
      })),
    );
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(eq(outbox.topic, 'fan-out'));
    expect(row?.n).toBe(12_000);
    await t.db.delete(outbox).where(eq(outbox.topic, 'fan-out'));
  });
});

describe('the outbox worker', () => {
  it('drains a burst without waiting a poll between full batches', async () => {
    await t.db.update(outbox).set({ status: 'sent' }); // only this test's rows are pending
    const rows = await add('burst', 35);
    const sent: string[] = [];
    // A poll of an hour: only going on at once after a full batch can send all 35 (batches of 10).
    const burst = new OutboxWorker(
      t.db,
      {
        email: async (row) => {
          sent.push(row.recipient);
          return 'sent';
        },
        sms: async () => 'sent',
        push: async () => 'sent',
      },
      t.app.log,
      3_600_000,
    );
    burst.start();
    try {
      await expect.poll(() => sent.length, { timeout: 20_000 }).toBe(rows.length);
    } finally {
      await burst.stop();
    }
    expect(new Set(sent).size).toBe(35);
  });

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

  it('commits the row as sending, with the attempt counted, before the sender sees it; then sent', async () => {
    await t.db.update(outbox).set({ status: 'sent' });
    const [row] = await add('handover');
    const seen: unknown[] = [];
    const n = await worker(async (r) => {
      seen.push(await rowOf(r.id)); // what another connection (or a process restart) would find
      return 'sent';
    }).runOnce();
    expect(n).toBe(1);
    expect(seen).toEqual([expect.objectContaining({ status: 'sending', attempts: 1 })]);
    expect(await rowOf(row!.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect((await rowOf(row!.id)).sentAt).toBeInstanceOf(Date);
  });

  it('marks a send abandoned past its lease unknown and never sends it again', async () => {
    await t.db.update(outbox).set({ status: 'sent' });
    const [stale, fresh] = await add('abandoned', 2);
    // The first was being sent by a process that died 1 s after its lease ended; the second is being
    // sent right now by a live worker (lease still running).
    await t.db
      .update(outbox)
      .set({ status: 'sending', attempts: 1, runAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, stale!.id));
    await t.db
      .update(outbox)
      .set({ status: 'sending', attempts: 1, runAt: sql`now() + interval '5 minutes'` })
      .where(eq(outbox.id, fresh!.id));
    const sent: string[] = [];
    const w = worker(async (r) => {
      sent.push(r.recipient);
      return 'sent';
    });
    expect(await w.runOnce()).toBe(0);
    expect(await w.runOnce()).toBe(0);
    expect(sent).toEqual([]);
    expect(await rowOf(stale!.id)).toMatchObject({
      status: 'unknown',
      attempts: 1,
      lastError: STOPPED_WHILE_SENDING,
    });
    expect(await rowOf(fresh!.id)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  it('delivers rows that were claimed but never handed to a sender, once their lease ends', async () => {
    await t.db.update(outbox).set({ status: 'sent' });
    const rows = await add('claimed', 3);
    const dead = worker(async () => 'sent');
    expect(await dead.claim()).toHaveLength(3); // ... and the process stops here
    const sent: string[] = [];
    const fresh = worker(async (r) => {
      sent.push(r.recipient);
      return 'sent';
    });
    expect(await fresh.runOnce()).toBe(0); // still leased
    // The lease ends: set to now rather than waited for. A 1 s lease, as before, could also run out
    // before the check above on a busy machine.
    await t.db
      .update(outbox)
      .set({ runAt: sql`now()` })
      .where(eq(outbox.topic, 'claimed'));
    expect(await fresh.runOnce()).toBe(3);
    expect(sent.sort()).toEqual(rows.map((r) => r.recipient).sort());
    for (const r of rows) expect(await rowOf(r.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('never sends on a stale claim: not after another worker sent the row, nor before its backoff ends', async () => {
    await t.db.update(outbox).set({ status: 'sent' });
    const [first, second, third] = await add('stale-claim', 3);
    const sentByA: string[] = [];
    const sentByB: string[] = [];
    let failB = false;
    const b = worker(async (r) => {
      sentByB.push(r.recipient);
      if (failB) throw new Error('refused');
      return 'sent';
    });
    // While A sends its first row, A's claim on the other two lapses (a slow batch) and B takes them
    // over: B delivers the second and fails the third.
    const a = worker(async (r) => {
      sentByA.push(r.recipient);
      if (r.id === first!.id) {
        await t.db
          .update(outbox)
          .set({ runAt: sql`now()` })
          .where(eq(outbox.topic, 'stale-claim'));
        expect(await b.runOnce(1)).toBe(1);
        failB = true;
        expect(await b.runOnce(1)).toBe(1);
      }
      return 'sent';
    });
    expect(await a.runOnce()).toBe(1);
    expect(sentByA).toEqual([first!.recipient]);
    expect(sentByB).toEqual([second!.recipient, third!.recipient]);
    expect(await rowOf(second!.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await rowOf(third!.id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'refused' });
  });

  it('hands the rest of its batch back when stopped mid-batch', async () => {
    await t.db.update(outbox).set({ status: 'sent' });
    const rows = await add('stopping', 3);
    const sent: string[] = [];
    // Stopped from inside the first send; `stopped` settles when the stop has finished.
    let stop = () => {};
    const stopped = new Promise<void>((resolve) => {
      stop = () => resolve(w.stop());
    });
    const w = worker(async (r) => {
      sent.push(r.recipient);
      if (sent.length === 1) stop();
      return 'sent';
    });
    w.start();
    await stopped;
    expect(sent).toHaveLength(1);
    const after = await t.db.select().from(outbox).where(eq(outbox.topic, 'stopping'));
    const left = after.filter((r) => r.status === 'pending');
    expect(left).toHaveLength(rows.length - 1);
    for (const r of left) {
      expect(r.attempts).toBe(0);
      expect(r.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });
});

describe('secret-bearing messages (reset and confirmation links)', () => {
  const SECRET = {
    subject: 'Reset your Grip password',
    text: 'Choose: http://x/t0k3n',
    link: 'http://x/t0k3n',
  };

  async function addSecret(topic: 'reset_password' | 'verify_email' = 'reset_password') {
    await t.db.update(outbox).set({ status: 'sent' }); // only this test's rows are pending
    const [row] = await t.db
      .insert(outbox)
      .values({ channel: 'email', topic, recipient: `${topic}@example.com`, payload: SECRET })
      .returning();
    return row!;
  }
  const wiped = { subject: SECRET.subject, secretWiped: true };

  it('keeps the link while a retry needs it, and wipes it with the row settled as sent, logged or failed', async () => {
    for (const result of ['sent', 'logged'] as const) {
      const row = await addSecret();
      expect(await worker(async () => result).runOnce()).toBe(1);
      expect(await rowOf(row.id)).toMatchObject({ status: result, payload: wiped });
    }
    const row = await addSecret('verify_email');
    const failing = worker(async () => {
      throw new Error('mail server said no');
    });
    expect(await failing.runOnce()).toBe(1);
    expect(await rowOf(row.id)).toMatchObject({ status: 'pending', payload: SECRET });
    await t.db
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1, runAt: sql`now()` })
      .where(eq(outbox.id, row.id));
    expect(await failing.runOnce()).toBe(1);
    expect(await rowOf(row.id)).toMatchObject({ status: 'failed', payload: wiped });
  });

  it('wipes it when a send is abandoned (unknown), and keeps other messages whole', async () => {
    const row = await addSecret();
    const [other] = await add('quote_sent');
    await t.db
      .update(outbox)
      .set({ status: 'sending', attempts: 1, runAt: sql`now() - interval '1 second'` })
      .where(sql`${outbox.id} in (${row.id}, ${other!.id})`);
    expect(await worker(async () => 'sent').markAbandonedSends()).toBe(2);
    expect(await rowOf(row.id)).toMatchObject({ status: 'unknown', payload: wiped });
    expect(await rowOf(other!.id)).toMatchObject({ status: 'unknown', payload: { subject: 's', text: 't' } });
  });

  it('wipes settled rows written before the rule when the worker starts; pending ones are left to send', async () => {
    const settled = await addSecret();
    const pending = await addSecret('verify_email');
    await t.db.update(outbox).set({ status: 'logged' }).where(eq(outbox.id, settled.id));
    const sent: number[] = [];
    let firstSent = () => {};
    const sending = new Promise<void>((resolve) => (firstSent = resolve));
    const started = worker(async (r) => {
      sent.push(r.id);
      firstSent();
      expect(r.payload).toEqual(SECRET);
      return 'sent';
    });
    started.start();
    // Until it has sent (however long that takes here), not for a number of polls.
    await sending;
    await started.stop();
    expect(await rowOf(settled.id)).toMatchObject({ status: 'logged', payload: wiped });
    expect(sent).toEqual([pending.id]);
    expect(await rowOf(pending.id)).toMatchObject({ status: 'sent', payload: wiped });
    // Nothing left to wipe the next time.
    expect(await worker(async () => 'sent').wipeSettledSecrets()).toBe(0);
  });
});
