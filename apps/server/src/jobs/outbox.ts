import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { outbox, type OUTBOX_CHANNELS } from '../db/schema';

export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export interface EmailPayload {
  subject: string;
  text: string;
  /** The one link that matters (verification, reset), logged when no SMTP server is configured. */
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

/** Adds a delivery; pass the transaction of the change that causes it so both commit together. */
export async function enqueue(db: Db | Tx, item: OutboxItem | OutboxItem[]) {
  const rows = Array.isArray(item) ? item : [item];
  if (rows.length === 0) return;
  await db.insert(outbox).values(rows.map((r) => ({ ...r, payload: r.payload as Record<string, unknown> })));
}

/** What a sender reports: really sent, or only logged because no provider is configured. */
export type SendResult = 'sent' | 'logged';
export type Sender = (row: typeof outbox.$inferSelect) => Promise<SendResult>;

export const MAX_ATTEMPTS = 8;
/** Longer than one delivery can take: SMTP timeouts are set well under it (jobs/senders.ts). */
const LEASE_SECONDS = 300;

/**
 * Delivers outbox rows at least once. A batch is leased by pushing run_at forward in the same
 * statement that claims it (FOR UPDATE SKIP LOCKED), and each row's lease is renewed right before
 * it is sent, so several processes never send one row at the same time, and a crash mid-send only
 * delays the row until the lease ends. A row is tried MAX_ATTEMPTS times, then marked failed.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly senders: Record<OutboxChannel, Sender>,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs: number,
  ) {}

  start() {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.running = this.runOnce()
        .then(() => undefined)
        .catch((err) => this.log.warn({ err }, 'outbox run failed'))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(tick, this.pollMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Claims and delivers one batch; returns how many rows were attempted. */
  async runOnce(batchSize = 10): Promise<number> {
    const claimable = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(eq(outbox.status, 'pending'), lte(outbox.runAt, sql`now()`), lt(outbox.attempts, MAX_ATTEMPTS)),
      )
      .orderBy(outbox.runAt)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        runAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .where(inArray(outbox.id, claimable))
      .returning();
    let attempted = 0;
    for (const row of claimed) {
      // Renew the lease just before sending, and only while the row is still ours (same attempt):
      // a slow batch must not let another worker claim and send a row a second time.
      const renewed = await this.db
        .update(outbox)
        .set({ runAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
        .where(and(eq(outbox.id, row.id), eq(outbox.attempts, row.attempts), eq(outbox.status, 'pending')))
        .returning({ id: outbox.id });
      if (renewed.length === 0) continue;
      attempted += 1;
      await this.deliver(row);
    }
    return attempted;
  }

  private async deliver(row: typeof outbox.$inferSelect) {
    try {
      const result = await this.senders[row.channel](row);
      await this.db
        .update(outbox)
        .set({ status: result, sentAt: sql`now()`, lastError: null })
        .where(eq(outbox.id, row.id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const failed = row.attempts >= MAX_ATTEMPTS;
      // Exponential backoff: 30 s, 1 min, 2 min, ... capped at an hour.
      const delay = Math.min(3600, 30 * 2 ** (row.attempts - 1));
      await this.db
        .update(outbox)
        .set({
          status: failed ? 'failed' : 'pending',
          lastError: message.slice(0, 500),
          runAt: sql`now() + make_interval(secs => ${delay})`,
        })
        .where(eq(outbox.id, row.id));
      this.log.warn({ outboxId: row.id, attempts: row.attempts, err: message }, 'delivery failed');
    }
  }
}
