import { afterEach, beforeEach, vi } from 'vitest';
import { openRateLimits, type RateLimits } from '../lib/rate-limits';
import { createTestApp, isPostgres, type TestApp } from './test-app';

export const quietLog = { warn: () => {} };

export interface RateLimitStore {
  name: 'memory' | 'PostgreSQL';
  /** A new set of limits on this store (on PostgreSQL: one more "process" counting in the same table). */
  open(log?: { warn: (...args: unknown[]) => void }): Promise<RateLimits>;
  /** On PostgreSQL, the test app whose database the limits count in (made by the first open). */
  app(): TestApp | null;
  close(): Promise<void>;
}

/**
 * The stores lib/rate-limits.ts counts in: memory always; PostgreSQL too when the suite runs on it
 * (npm run test:pg), in a fresh test database. Rows stay for the file: tests use keys of their own.
 */
export function rateLimitStores(): RateLimitStore[] {
  const memory: RateLimitStore = {
    name: 'memory',
    open: (log = quietLog) => openRateLimits({ kind: 'pglite' }, log),
    app: () => null,
    close: async () => {},
  };
  if (!isPostgres()) return [memory];
  let app: Promise<TestApp> | null = null;
  let opened: TestApp | null = null;
  const limits: RateLimits[] = [];
  const postgres: RateLimitStore = {
    name: 'PostgreSQL',
    open: async (log = quietLog) => {
      app ??= createTestApp().then((t) => (opened = t));
      const made = await openRateLimits((await app).app.grip.database, log);
      limits.push(made);
      return made;
    },
    app: () => opened,
    close: async () => {
      for (const l of limits) l.close();
      if (app) await (await app).close();
    },
  };
  return [memory, postgres];
}

/** The fixed moment the rate-limit tests start at. */
export const RATE_LIMIT_T0 = Date.UTC(2026, 10, 1);

/**
 * The stores read the clock themselves, so the tests own it: Date alone is faked (timers and I/O stay
 * real, the PostgreSQL store needs them), reset to RATE_LIMIT_T0 before each test. Returns `at(ms)`,
 * which moves the clock to RATE_LIMIT_T0 + ms. Call inside a describe block.
 */
export function controlTheDate() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(RATE_LIMIT_T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  return (ms: number) => vi.setSystemTime(RATE_LIMIT_T0 + ms);
}
