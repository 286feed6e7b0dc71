import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { startSmtpInbox, type SmtpInbox } from '../test/smtp-inbox';
import { createTestApp, isPostgres, type TestApp } from '../test/test-app';
import { enqueue, OutboxWorker, STOPPED_WHILE_SENDING } from './outbox';
import { createSenders } from './senders';

const here = path.dirname(fileURLToPath(import.meta.url));
const MESSAGES = 8;
/** The SMTP server takes this long to accept each message, so a batch takes a while. */
const ANSWER_DELAY_MS = 150;
/** The worker process is killed once the server has this message (1-based), before it answers. */
const KILL_AT = 3;
/**
 * Longer than the test can take on a busy machine, so the claims are still held when checked; the
 * test then ends them itself instead of waiting them out.
 */
const LEASE_SECONDS = 300;
/** Starting a worker under tsx and reaching the kill point: slow on a busy 2-core machine. */
const KILL_WAIT_MS = 60_000;

let smtp: SmtpInbox;
/**
 * Every message whose data reached the server, answered or not: the worst case for duplicates (a
 * server may deliver a message whose client vanished before the reply), so a re-send would show.
 */
const received: string[] = [];
let onKillPoint: (() => void) | null = null;
let t: TestApp;

beforeAll(async () => {
  if (!isPostgres()) return;
  smtp = await startSmtpInbox((mail, accept) => {
    received.push(...mail.to);
    if (received.length === KILL_AT) onKillPoint?.();
    setTimeout(accept, ANSWER_DELAY_MS);
  });
  t = await createTestApp({ SMTP_URL: smtp.url });
  await t.app.ready();
  await t.app.grip.outbox.stop(); // the worker processes below do the sending
});

afterAll(async () => {
  if (!isPostgres()) return;
  await t.close();
  await smtp.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Two processes on one database: PGlite lives inside one process, so this runs on PostgreSQL only.
describe.skipIf(!isPostgres())('the outbox worker killed mid-batch', () => {
  it('loses no email and sends none twice; the one in flight is marked unknown, not re-sent', async () => {
    const recipients = Array.from({ length: MESSAGES }, (_, i) => `kill.${i}@example.com`);
    await enqueue(
      t.db,
      recipients.map((recipient, i) => ({
        channel: 'email' as const,
        topic: 'kill_test',
        recipient,
        payload: { subject: `Message ${i}`, text: `Message ${i}`, link: `http://localhost:3000/?m=${i}` },
      })),
    );

    let output = '';
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'outbox-kill-worker.ts')],
      {
        env: {
          ...process.env,
          DATABASE_URL: t.app.grip.config.databaseUrl,
          SMTP_URL: smtp.url,
          LEASE_SECONDS: String(LEASE_SECONDS),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_, signal) => resolve(signal)),
    );
    onKillPoint = () => child.kill('SIGKILL');
    try {
      const signal = await Promise.race([exited, sleep(KILL_WAIT_MS).then(() => 'timeout' as const)]);
      expect(signal, output).toBe('SIGKILL');
    } finally {
      child.kill('SIGKILL');
    }

    // Killed mid-batch: some rows sent, one handed to the sender, the rest claimed but never sent.
    const atKill = await t.db.select().from(outbox).where(eq(outbox.topic, 'kill_test'));
    const count = (status: string) => atKill.filter((r) => r.status === status).length;
    expect(count('sent')).toBe(KILL_AT - 1);
    expect(count('sending')).toBe(1);
    expect(count('pending')).toBe(MESSAGES - KILL_AT);
    expect(atKill.filter((r) => r.status === 'pending').every((r) => r.runAt.getTime() > Date.now())).toBe(
      true,
    );

    // A fresh worker, after the dead process's leases end (ended here, not waited for), finishes the
    // job in one round: it settles the abandoned send and claims the rest (fewer than a batch).
    await t.db
      .update(outbox)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.topic, 'kill_test'));
    const fresh = new OutboxWorker(t.db, createSenders(t.app.grip.config, t.app.log), t.app.log, 50, {
      leaseSeconds: LEASE_SECONDS,
    });
    await fresh.runOnce();
    const after = await t.db.select().from(outbox).where(eq(outbox.topic, 'kill_test'));

    const timesReceived = (r: string) => received.filter((a) => a === r).length;
    for (const row of after) {
      expect(timesReceived(row.recipient), row.recipient).toBeLessThanOrEqual(1); // none twice
      expect(['sent', 'unknown'], row.recipient).toContain(row.status); // none left pending
      if (row.status === 'sent') expect(timesReceived(row.recipient), row.recipient).toBe(1);
    }
    // The message in flight at the kill reached the server (it was never confirmed to the worker):
    // it is marked unknown for an administrator and was not sent again. Every other one arrived once.
    const unknown = after.filter((r) => r.status === 'unknown');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({
      recipient: received[KILL_AT - 1],
      attempts: 1,
      lastError: STOPPED_WHILE_SENDING,
    });
    expect(received.sort()).toEqual(recipients.sort());
  }, 120_000);
});
