/**
 * The rate limits (rate-limits.ts) on each store: memory, and PostgreSQL under `npm run test:pg`, where
 * several sets of limits on one database stand for several processes. Over HTTP across two real server
 * processes: reliability/attacker-limits.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { TooManyRequests } from './errors';
import { RATE_LIMIT_TABLE } from './rate-limits';
import { controlTheDate, RATE_LIMIT_T0, rateLimitStores } from '../test/rate-limit-stores';

const T0 = RATE_LIMIT_T0;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a committed migration creates the table (until one does, the library creates it, logged). */

describe.each(rateLimitStores())('rate limits on $name', (store) => {
  const at = controlTheDate();
  afterAll(() => store.close());

  it('lets `points` tries a window through, then says how long until the window ends', async () => {
    const limits = await store.open();
    const limit = limits.limit('t1', 3, 60);
    expect([await limit.hit('k'), await limit.hit('k'), await limit.hit('k')]).toEqual([0, 0, 0]);
    at(20_000);
    expect(await limit.hit('k')).toBe(40);
    // Refused tries count, but never move the window: it ends where it began plus 60 s.
    at(59_001);
    expect(await limit.hit('k')).toBe(1);
    at(60_000);
    expect(await limit.hit('k')).toBe(0);
    expect(await limit.hit('k')).toBe(0);
  });

  it('counts each key and each limit apart', async () => {
    const limits = await store.open();
    const a = limits.limit('t2-a', 1, 60);
    const b = limits.limit('t2-b', 1, 3600);
    expect(await a.hit('k')).toBe(0);
    expect(await a.hit('k')).toBe(60);
    expect(await a.hit('other')).toBe(0);
    expect(await b.hit('k')).toBe(0);
    expect(await b.hit('k')).toBe(3600);
  });

  it('gives the same limit for the same name, and refuses the name for another limit', async () => {
    const limits = await store.open();
    const one = limits.limit('t3', 1, 60);
    expect(limits.limit('t3', 1, 60)).toBe(one);
    expect(() => limits.limit('t3', 2, 60)).toThrow(/already exists/);
  });

  it('counts keys of any length, each on its own', async () => {
    const limits = await store.open();
    const limit = limits.limit('t4', 1, 60);
    const long = 'x'.repeat(20_000);
    expect(await limit.hit(long)).toBe(0);
    expect(await limit.hit(long)).toBe(60);
    expect(await limit.hit(`${long}y`)).toBe(0);
  });

  it('answers 429 with Retry-After and the message when enforcing', async () => {
    const limits = await store.open();
    const limit = limits.limit('t5', 1, 60);
    const headers: Record<string, string> = {};
    const reply = { header: (name: string, value: string) => (headers[name] = value) };
    await limit.enforce('k', reply, 'Slow down.');
    expect(headers).toEqual({});
    const refused = await limit.enforce('k', reply, 'Slow down.').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect((refused as TooManyRequests).message).toBe('Slow down.');
    expect(headers).toEqual({ 'retry-after': '60' });
  });

  it('keeps marks for their lifetime (30 days and more)', async () => {
    const marks = (await store.open()).marks('t6', (30 * DAY_MS) / 1000);
    expect(await marks.has('m')).toBe(false);
    await marks.add('m');
    at(29 * DAY_MS);
    expect(await marks.has('m')).toBe(true);
    expect(await marks.has('n')).toBe(false);
    at(30 * DAY_MS + 1);
    expect(await marks.has('m')).toBe(false);
    // Adding again starts its lifetime again.
    await marks.add('m');
    at(59 * DAY_MS);
    expect(await marks.has('m')).toBe(true);
  });

  if (store.name === 'memory') {
    it('keeps at most its limit of marks in memory, forgetting the oldest', async () => {
      const marks = (await store.open()).marks('t7', 3600, 2);
      await marks.add('a');
      await marks.add('b');
      await marks.add('a'); // added again: now the newest
      await marks.add('c');
      expect([await marks.has('a'), await marks.has('b'), await marks.has('c')]).toEqual([true, false, true]);
    });

    it('counts apart in each process (the embedded database has one)', async () => {
      const [one, two] = [await store.open(), await store.open()];
      expect(await one.limit('t8', 1, 60).hit('k')).toBe(0);
      expect(await two.limit('t8', 1, 60).hit('k')).toBe(0);
    });
  }

  if (store.name === 'PostgreSQL') {
    it('counts one budget over every process on the database', async () => {
      const processes = await Promise.all([store.open(), store.open(), store.open()]);
      const limits = processes.map((p) => p.limit('t9', 4, 60));
      const marks = processes.map((p) => p.marks('t9-marks', 3600));
      const waits: number[] = [];
      for (let i = 0; i < 9; i++) waits.push(await limits[i % 3]!.hit('k'));
      expect(waits).toEqual([0, 0, 0, 0, 60, 60, 60, 60, 60]);
      // Concurrent tries too: the count is one atomic upsert.
      const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => limits[i % 3]!.hit('burst')));
      expect(burst.filter((w) => w === 0)).toHaveLength(4);
      // A mark made by one process is seen by the others.
      await marks[0]!.add('m');
      expect(await marks[2]!.has('m')).toBe(true);
    });

    it('counts in the process, never fails the request, when the database cannot count', async () => {
      const warnings: unknown[] = [];
      const limits = await store.open({ warn: (...args: unknown[]) => warnings.push(args) });
      const limit = limits.limit('t10', 2, 60);
      const marks = limits.marks('t10-marks', 3600);
      await marks.add('m');
      const db = store.app()!.db;
      await db.execute(sql.raw(`alter table ${RATE_LIMIT_TABLE} rename to rate_limits_away`));
      try {
        // The library's insurance: the same limit, counted in this process meanwhile.
        expect([await limit.hit('k'), await limit.hit('k'), await limit.hit('k')]).toEqual([0, 0, 60]);
        // A mark cannot be read: taken as absent (the stricter answer for the auth throttle).
        expect(await marks.has('m')).toBe(false);
        await marks.add('n');
      } finally {
        await db.execute(sql.raw(`alter table rate_limits_away rename to ${RATE_LIMIT_TABLE}`));
      }
      // Said once (at most once a minute), not once per try.
      expect(warnings).toHaveLength(1);
      // Back to the shared count once the database answers.
      expect(await limit.hit('fresh')).toBe(0);
      expect(await marks.has('m')).toBe(true);
    });

    it('counts in an UNLOGGED table: no write-ahead-log flush per try', async () => {
      await store.open();
      const { rows } = (await store
        .app()!
        .db.execute(
          sql`select relpersistence from pg_class where relname = ${RATE_LIMIT_TABLE}`,
        )) as unknown as {
        rows: { relpersistence: string }[];
      };
      expect(rows).toEqual([{ relpersistence: 'u' }]);
    });

    it('keeps its counts in the rate_limits table, long keys hashed', async () => {
      const limits = await store.open();
      await limits.limit('t11', 5, 60).hit('x'.repeat(1000));
      await limits.limit('t11', 5, 60).hit('short');
      const { rows } = (await store
        .app()!
        .db.execute(
          sql.raw(`select key, points, expire from ${RATE_LIMIT_TABLE} where key like 't11:%' order by key`),
        )) as unknown as { rows: { key: string; points: number; expire: string }[] };
      expect(rows.map((r) => [r.key.replace(/[0-9a-f]{64}$/, '<hash>'), r.points, Number(r.expire)])).toEqual(
        [
          ['t11:sha256:<hash>', 1, T0 + 60_000],
          ['t11:short', 1, T0 + 60_000],
        ],
      );
    });
  }
});
