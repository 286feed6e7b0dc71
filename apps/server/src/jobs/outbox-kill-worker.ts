/**
 * Test fixture for outbox-kill.test.ts (not part of the app): a separate process running one outbox
 * worker against DATABASE_URL and delivering to SMTP_URL, so the test can SIGKILL it mid-batch.
 * Run with `node --import tsx`; prints 'ready' once the worker has started.
 */
import type { FastifyBaseLogger } from 'fastify';
import { testConfig } from '../config';
import { openDatabase } from '../db/client';
import { OutboxWorker } from './outbox';
import { createSenders } from './senders';

const config = testConfig({
  DATABASE_URL: process.env.DATABASE_URL ?? '',
  SMTP_URL: process.env.SMTP_URL ?? '',
});
if (!config.databaseUrl || !config.smtpUrl) throw new Error('DATABASE_URL and SMTP_URL are required');

// Warnings and errors to stderr, the rest dropped: enough to debug the test, no logger dependency.
const write = (level: string) => (obj: unknown, msg?: string) =>
  process.stderr.write(`${JSON.stringify({ level, msg, obj })}\n`);
const noop = () => {};
const log = {
  level: 'warn',
  fatal: write('fatal'),
  error: write('error'),
  warn: write('warn'),
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => log,
} as unknown as FastifyBaseLogger;

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const worker = new OutboxWorker(database.db, createSenders(config, log), log, 50, {
  leaseSeconds: Number(process.env.LEASE_SECONDS ?? 300),
});
worker.start();
process.stdout.write('ready\n');
