import { SECRET_DELIVERY_TOPICS } from '@grip/domain';
import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { outbox, type OUTBOX_CHANNELS, type OUTBOX_STATUSES } from '../db/schema';

export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export interface EmailPayload {
  subject: string;
  text: string;
  /**
   * The screen the email is about (verification, reset, a quote, a job): a button in the HTML part,
   * and logged when no SMTP server is configured.
   */
  link?: string;
}

export interface OutboxItem {
  channel: OutboxChannel;
  topic: string;
  recipient: string;
  payload: EmailPayload | Record<string, unknown>;
  requestId?: string | null;
  userId?: string | null;
}

/** Whether an outbox row's message carries a secret that acts for the account (SECRET_DELIVERY_TOPICS). */
export const isSecretTopicSql = inArray(outbox.topic, [...SECRET_DELIVERY_TOPICS]);

/** The statuses after which a row is never sent again. */
export const SETTLED_STATUSES = [
  'sent',
  'logged',
  'failed',
  'unknown',
] as const satisfies readonly (typeof OUTBOX_STATUSES)[number][];

/**
 * The payload a row keeps once settled: a secret-bearing message (a reset or confirmation link) keeps
 * only its subject, so the link lives in the database no longer than its delivery needs; any other
 * message is kept whole for the administrators' Deliveries (docs/decisions/020). Written in the same
 * statement that settles the row.
 */
export const settledPayloadSql = sql`case when ${isSecretTopicSql}
  then jsonb_build_object('subject', ${outbox.payload}->'subject', 'secretWiped', true)
  else ${outbox.payload} end`;

/** Rows per INSERT: one statement takes at most 65,535 parameters, and one change can fan out to thousands. */
export const INSERT_CHUNK = 1000;

/** Adds a delivery; pass the transaction of the change that causes it so both commit together. */
export async function enqueue(db: Db | Tx, item: OutboxItem | OutboxItem[]) {
  const rows = Array.isArray(item) ? item : [item];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    await db
      .insert(outbox)
      .values(chunk.map((r) => ({ ...r, payload: r.payload as Record<string, unknown> })));
  }
}

/** What a sender reports: really sent, or only logged because no provider is configured. */
export type SendResult = 'sent' | 'logged';
export type Sender = (row: typeof outbox.$inferSelect) => Promise<SendResult>;

/**
 * Thrown by a sender when trying again cannot help: the provider refused the message itself (an
 * invalid phone number) or the device unsubscribed. The row fails at once instead of retrying.
 */
export class PermanentDeliveryError extends Error {}

export const MAX_ATTEMPTS = 8;
/** Fan-out batches per run before the run sends: the rest wait for the next poll. */
const FAN_OUT_BATCHES_PER_RUN = 10;
/** Longer than one delivery can take: SMTP timeouts are set well under it (jobs/senders.ts). */
export const LEASE_SECONDS = 300;

/** Why a row is 'unknown': shown to administrators next to the row. */
export const STOPPED_WHILE_SENDING =
  'the process stopped while sending; not retried to avoid a duplicate (check with the recipient or provider)';

export interface OutboxWorkerOptions {
  /** How long a claim and a send may take before the row is considered abandoned (tests shorten it). */
  leaseSeconds?: number;
  /**
   * Turns waiting work into outbox rows before each batch is claimed: the notifications' push and SMS
   * deliveries (modules/notifications/notification-fan-out.ts). Returns how many it handled.
   */
  fanOut?: () => Promise<number>;
}

type OutboxRow = typeof outbox.$inferSelect;

/**
 * Delivers each outbox row at most once, and never drops one that was not handed to a sender.
 *
 *   pending ──claim (run_at = lease end)──▶ pending, leased
 *           ──mark 'sending', attempts + 1 (committed)──▶ sending ──sender──▶ sent | logged
 *                                                         sending ──sender threw──▶ pending (backoff) | failed
 *                                                         sending ──lease over──▶ unknown
 *
 * - Claiming leases a batch: FOR UPDATE SKIP LOCKED picks due pending rows and pushes their run_at
 *   forward in one statement, so several processes take different rows. A claim is not a send: the
 *   row stays 'pending' and its attempts unchanged, so if the process dies before it gets to the
 *   row, the row is due again when the lease ends and is delivered then.
 * - Right before calling the sender, the row moves to 'sending' in its own committed statement, only
 *   if it is still 'pending' with the attempts seen at claim time. Every real send attempt increments
 *   attempts, so a stale claim (its lease ended and another worker has tried the row since) no
 *   longer matches, and of two workers holding a claim on the same row only one gets to send.
 * - A sender that throws did not deliver: nodemailer rejects on connect, auth, refused recipients,
 *   and before the server's final 250. Back to 'pending' with exponential backoff, then 'failed'
 *   after MAX_ATTEMPTS; straight to 'failed' when it throws a PermanentDeliveryError.
 * - Trade-off: a row still 'sending' when its lease ends belongs to a process that stopped (or hung)
 *   mid-send. The message may or may not have reached the mail server, and nothing can tell which,
 *   so it is marked 'unknown' with an explanation for administrators, never re-sent: a lost
 *   verification email can be requested again, a duplicate cannot be taken back. (The one window
 *   where a thrown error might hide a delivery — the connection dropping after the server accepted
 *   the data but before its reply reached us — is the classic SMTP duplicate of RFC 1047; such a
 *   row is retried.)
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** While stop() waits for the current batch: the batch's unsent rows are handed back. */
  private stopping = false;
  private readonly leaseSeconds: number;
  private readonly fanOutBatch: () => Promise<number>;
  /** The last run stopped at its limits with work left: the next one starts at once. */
  private backlog = false;

  constructor(
    private readonly db: Db,
    private readonly senders: Record<OutboxChannel, Sender>,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
    options: OutboxWorkerOptions = {},
  ) {
    this.leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
    this.fanOutBatch = options.fanOut ?? (async () => 0);
  }

  /**
   * Fans out what is waiting (see OutboxWorkerOptions.fanOut), at most `maxBatches` batches, so a
   * steady stream of new notifications cannot keep a run from sending; tests drain it all.
   */
  async fanOut(maxBatches = Number.POSITIVE_INFINITY): Promise<{ handled: number; full: boolean }> {
    let handled = 0;
    for (let batches = 0; batches < maxBatches; batches++) {
      const n = await this.fanOutBatch();
      if (n === 0) return { handled, full: false };
      handled += n;
    }
    return { handled, full: true };
  }

  start() {
    this.stopped = false;
    let swept = false;
    const tick = () => {
      if (this.stopped) return;
      this.running = (swept ? Promise.resolve(0) : this.wipeSettledSecrets())
        .then(async () => {
          swept = true;
          await this.runOnce();
        })
        .catch((err) => this.log.warn({ err }, 'outbox run failed'))
        .finally(() => {
          this.running = null;
          // A full run leaves work waiting: go on at once rather than a poll later, so a burst
          // drains at the speed of the senders instead of a batch per poll.
          if (!this.stopped) this.timer = setTimeout(tick, this.backlog ? 0 : this.pollMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop() {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    try {
      await this.running;
    } finally {
      this.stopping = false;
    }
  }

  /** Fans out waiting notifications, settles abandoned sends, then claims and delivers one batch; returns how many rows were sent to a sender. */
  async runOnce(batchSize = 10): Promise<number> {
    const fanned = await this.fanOut(FAN_OUT_BATCHES_PER_RUN);
    await this.markAbandonedSends();
    const claimed = await this.claim(batchSize);
    this.backlog = fanned.full || claimed.length === batchSize;
    let attempted = 0;
    for (const [i, row] of claimed.entries()) {
      if (this.stopping) {
        // Shutting down: hand the rest of the batch back now rather than when the lease ends.
        await this.release(claimed.slice(i));
        break;
      }
      const sending = await this.markSending(row);
      if (!sending) continue;
      attempted += 1;
      await this.deliver(sending);
    }
    return attempted;
  }

  /** Rows left 'sending' past their lease: their process stopped mid-send; see the class comment. */
  async markAbandonedSends(): Promise<number> {
    const abandoned = await this.db
      .update(outbox)
      .set({ status: 'unknown', lastError: STOPPED_WHILE_SENDING, payload: settledPayloadSql })
      .where(and(eq(outbox.status, 'sending'), lte(outbox.runAt, sql`now()`)))
      .returning({ id: outbox.id, topic: outbox.topic, attempts: outbox.attempts });
    for (const row of abandoned) {
      this.log.error(
        { outboxId: row.id, topic: row.topic, attempts: row.attempts },
        'outbox row abandoned while sending: marked unknown, not retried',
      );
    }
    return abandoned.length;
  }

  /** Leases a batch of due rows (status stays 'pending'): exported to tests to stop between claim and send. */
  async claim(batchSize = 10): Promise<OutboxRow[]> {
    const claimable = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(eq(outbox.status, 'pending'), lte(outbox.runAt, sql`now()`), lt(outbox.attempts, MAX_ATTEMPTS)),
      )
      .orderBy(outbox.runAt, outbox.id)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(outbox)
      .set({ runAt: sql`now() + make_interval(secs => ${this.leaseSeconds})` })
      .where(inArray(outbox.id, claimable))
      .returning();
    return claimed.sort((a, b) => a.id - b.id);
  }

  /** Makes claimed rows due again, unless another worker has tried them since. */
  private async release(rows: OutboxRow[]) {
    for (const row of rows) {
      await this.db
        .update(outbox)
        .set({ runAt: sql`now()` })
        .where(and(eq(outbox.id, row.id), eq(outbox.status, 'pending'), eq(outbox.attempts, row.attempts)));
    }
  }

  /** Commits the hand-over to a sender; null when the claim is stale (another worker has the row). */
  private async markSending(row: OutboxRow): Promise<OutboxRow | null> {
    const [sending] = await this.db
      .update(outbox)
      .set({
        status: 'sending',
        attempts: sql`${outbox.attempts} + 1`,
        runAt: sql`now() + make_interval(secs => ${this.leaseSeconds})`,
      })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, 'pending'), eq(outbox.attempts, row.attempts)))
      .returning();
    return sending ?? null;
  }

  private async deliver(row: OutboxRow) {
    // Ours while it is this attempt; 'unknown' too, if the send outlived the lease: the outcome we
    // now know beats the guess.
    const stillOurs = and(
      eq(outbox.id, row.id),
      eq(outbox.attempts, row.attempts),
      inArray(outbox.status, ['sending', 'unknown']),
    );
    let result: SendResult;
    try {
      result = await this.senders[row.channel](row);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const failed = err instanceof PermanentDeliveryError || row.attempts >= MAX_ATTEMPTS;
      // Exponential backoff: 30 s, 1 min, 2 min, ... capped at an hour.
      const delay = Math.min(3600, 30 * 2 ** (row.attempts - 1));
      await this.db
        .update(outbox)
        .set({
          status: failed ? 'failed' : 'pending',
          lastError: message.slice(0, 500),
          runAt: sql`now() + make_interval(secs => ${delay})`,
          // Retried: the message is needed again, link and all. Failed for good: wiped.
          ...(failed ? { payload: settledPayloadSql } : {}),
        })
        .where(stillOurs);
      this.log.warn({ outboxId: row.id, attempts: row.attempts, err: message }, 'delivery failed');
      return;
    }
    await this.db
      .update(outbox)
      .set({ status: result, sentAt: sql`now()`, lastError: null, payload: settledPayloadSql })
      .where(stillOurs);
  }

  /**
   * Wipes the secrets of settled rows still holding one: rows settled before this rule existed, or
   * by code that forgot settledPayloadSql. Run once when the worker starts (one pass over the
   * outbox; nothing to write after the first).
   */
  async wipeSettledSecrets(): Promise<number> {
    const wiped = await this.db
      .update(outbox)
      .set({ payload: settledPayloadSql })
      .where(
        and(
          isSecretTopicSql,
          inArray(outbox.status, [...SETTLED_STATUSES]),
          sql`not (${outbox.payload} ? 'secretWiped')`,
        ),
      )
      .returning({ id: outbox.id });
    if (wiped.length > 0) this.log.info({ rows: wiped.length }, 'outbox: secrets of settled messages wiped');
    return wiped.length;
  }
}
