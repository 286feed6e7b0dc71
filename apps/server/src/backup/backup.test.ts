import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openDatabase, type Database, type Db } from '../db/client';
import { profiles } from '../db/schema';
import { LocalDirectoryStorage } from '../lib/storage';
import { postgresAnswers } from '../reliability/postgres';
import { copyOfPgliteTemplate } from '../test/database-template';
import { isPostgres, TestApp } from '../test/test-app';
import { BackupFileError } from './backup-format';
import {
  ident,
  migrationLevelOf,
  publicSequences,
  publicTables,
  query,
  readSequence,
  schemaTableNames,
} from './database-catalog';
import { codeMigrationLevel, migrateUpTo, readJournal } from './migration-level';
import { openBackup, openBackupFile } from './read-backup';
import { RestoreRefused, restoreBackup } from './restore-backup';
import { writeBackup, writeBackupFile } from './write-backup';

const here = path.dirname(fileURLToPath(import.meta.url));
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const hasPostgres = await postgresAnswers(ADMIN_URL);
const NO_POSTGRES = `no PostgreSQL answers at ${ADMIN_URL} (set TEST_DATABASE_URL)`;

const dirs: string[] = [];
const tmp = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A new PostgreSQL database of this test's own, dropped after the file. */
async function newPostgresDatabase(): Promise<string> {
  const name = `backup_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: ADMIN_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Every row of every Grip table and every sequence, as text both engines write alike (jsonb, UTC):
 * two databases with the same digest hold the same values, type for type.
 */
async function digest(db: Db): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone to 'UTC'`);
    const known = schemaTableNames();
    const out: Record<string, string> = {};
    for (const name of [...(await publicTables(tx)).keys()].filter((n) => known.has(n)).sort()) {
      const [row] = await query<{ n: number; h: string }>(
        tx,
        sql`select count(*)::int as n, md5(coalesce(string_agg(j, E'\n' order by j), '')) as h
          from (select to_jsonb(t)::text as j from ${ident(name)} t) s`,
      );
      out[name] = `${row!.n}:${row!.h}`;
    }
    for (const name of await publicSequences(tx)) {
      const s = await readSequence(tx, name);
      out[`sequence ${name}`] = `${s.lastValue}:${s.isCalled}`;
    }
    return out;
  });
}

function run(cli: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '..', 'cli', cli), ...args], {
    env: { ...process.env, DATABASE_URL: '', UPLOAD_DIR: '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

/** What the source marketplace holds, to be read back after a restore. */
interface Facts {
  customer: { email: string; password: string; cookie: string };
  business: { email: string; password: string; cookie: string };
  requestId: string;
  responseId: string;
  imageUrl: string;
  imageBytes: Buffer;
  messageText: string;
}

/**
 * An embedded installation in a real DATA_DIR, filled through the API: a customer and a business, a
 * request with a photo, a quote, its confirmation, a message, the job completed and reviewed. Then a
 * few values chosen to trip a careless copy (jsonb numbers beyond doubles, arrays with NULLs, commas
 * and quotes, microseconds, floats without a short decimal form).
 */
async function buildMarketplace(t: TestApp): Promise<Facts> {
  const customer = await t.signUp({ name: 'Casey Backup' });
  const business = await t.signUp({ role: 'business_owner', businessName: 'Harbour Hedges' });
  await t.db
    .update(profiles)
    .set({ serviceCategories: ['Gardening'], latitude: -33.879, longitude: 151.186, serviceAreaKm: 25 })
    .where(eq(profiles.userId, business.userId));
  const imageUrl = await t.uploadImage(customer.cookie);
  const req = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: customer.cookie,
    payload: {
      serviceType: 'Home & Property Services',
      serviceSubtype: 'gardening',
      description: 'The hedges need trimming before the weekend.',
      location: '5 Derwent St, Glebe NSW 2037',
      serviceAreaKm: 10,
      budget: 120,
      images: [imageUrl],
    },
  });
  expect(req.statusCode, req.body).toBe(201);
  const requestId = req.json().id as string;
  const quote = await t.inject({
    method: 'POST',
    url: `/api/business/requests/${requestId}/responses`,
    cookie: business.cookie,
    payload: { message: 'I can trim them on Friday morning.', quotedPrice: 120.5, priceType: 'fixed' },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  const responseId = quote.json().id as string;
  const confirmed = await t.confirmOffer(customer.cookie, responseId);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const messageText = 'Gate code is 4321 — the ladder is by the shed 🪜 "quoted" \\ back-slashed';
  const sent = await t.inject({
    method: 'POST',
    url: `/api/conversations/${responseId}/messages`,
    cookie: customer.cookie,
    payload: { message: messageText, clientId: randomUUID() },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const done = await t.inject({
    method: 'POST',
    url: `/api/business/jobs/${responseId}/complete`,
    cookie: business.cookie,
    payload: { notes: 'All trimmed.', requestReview: true },
  });
  expect(done.statusCode, done.body).toBe(200);
  const reviewed = await t.inject({
    method: 'POST',
    url: '/api/reviews',
    cookie: customer.cookie,
    payload: { responseId, rating: 5, reviewText: 'Spotless work.' },
  });
  expect(reviewed.statusCode, reviewed.body).toBe(201);
  // The business reviews the customer back: both reviews show (double-blind, issue 32).
  const reviewedBack = await t.inject({
    method: 'POST',
    url: `/api/business/jobs/${responseId}/customer-review`,
    cookie: business.cookie,
    payload: { rating: 4, reviewText: 'Clear brief.' },
  });
  expect(reviewedBack.statusCode, reviewedBack.body).toBe(201);
  const image = await t.inject({ url: imageUrl });
  expect(image.statusCode).toBe(200);

  await t.db.execute(sql`insert into audit_events (actor_id, action, details, created_at) values (
    ${business.userId}, 'business_address_changed',
    ${'{"big": 12345678901234567890.123456789012345678901, "tiny": 1e-30, "text": "ünï\\ncödé \\"q\\" \\\\ 🪜", "list": [1, null, true, {"x": []}]}'}::jsonb,
    '2026-01-02 03:04:05.123456+00')`);
  await t.db.execute(sql`insert into live_events (kind, op, entity_id, audience, created_at) values (
    'notification', 'created', 'not-a-real-one', array['a', null, 'b,c', '"q"', 'NULL', '{x}', ''],
    '2026-01-02 03:04:05.654321+00')`);
  await t.db
    .update(profiles)
    .set({ latitude: 0.1 + 0.2, longitude: 148 + Math.PI, phone: null })
    .where(eq(profiles.userId, customer.userId));

  return {
    customer: { ...customer },
    business: { ...business },
    requestId,
    responseId,
    imageUrl,
    imageBytes: image.rawPayload,
    messageText,
  };
}

/** Reads the marketplace back through the API of an app on the restored database. */
async function readBack(t: TestApp, facts: Facts) {
  // The sessions came along: the cookie from before the move still signs in.
  const me = await t.inject({ url: '/api/me', cookie: facts.customer.cookie });
  expect(me.statusCode, me.body).toBe(200);
  const signIn = await t.signIn(facts.customer.email, facts.customer.password);
  expect(signIn.res.statusCode, signIn.res.body).toBe(200);
  const cookie = signIn.cookie;

  const request = await t.inject({ url: `/api/requests/${facts.requestId}`, cookie });
  expect(request.statusCode, request.body).toBe(200);
  expect(request.json()).toMatchObject({
    id: facts.requestId,
    description: 'The hedges need trimming before the weekend.',
    images: [facts.imageUrl],
  });
  const offer = await t.inject({ url: `/api/offers/${facts.responseId}`, cookie });
  expect(offer.statusCode, offer.body).toBe(200);
  expect(JSON.stringify(offer.json())).toContain('Harbour Hedges');
  expect(JSON.stringify(offer.json())).toMatch(/120\.5/);
  // The review: the business's rating as the customer sees it on the offer.
  expect(JSON.stringify(offer.json())).toMatch(/"ratingAverage":5,"reviewCount":1\b/);

  const messages = await t.inject({ url: `/api/conversations/${facts.responseId}/messages`, cookie });
  expect(messages.statusCode, messages.body).toBe(200);
  expect(JSON.stringify(messages.json())).toContain(JSON.stringify(facts.messageText).slice(1, -1));

  const business = await t.signIn(facts.business.email, facts.business.password);
  expect(business.res.statusCode).toBe(200);
  const job = await t.inject({ url: `/api/business/jobs/${facts.responseId}`, cookie: business.cookie });
  expect(job.statusCode, job.body).toBe(200);
  expect(job.json()).toMatchObject({ completionStatus: 'completed' });
  const dashboard = await t.inject({ url: '/api/business/dashboard', cookie: business.cookie });
  expect(dashboard.statusCode, dashboard.body).toBe(200);
  expect(dashboard.json().completed).toEqual([
    expect.objectContaining({ id: facts.responseId, amount: '120.50' }),
  ]);

  const image = await t.inject({ url: facts.imageUrl });
  expect(image.statusCode).toBe(200);
  expect(image.rawPayload.equals(facts.imageBytes)).toBe(true);

  // New rows get new ids: the sequences were carried over (a live event per message, say).
  const [before] = await query<{ id: string }>(t.db, sql`select max(id)::text as id from live_events`);
  const next = await t.inject({
    method: 'POST',
    url: `/api/conversations/${facts.responseId}/messages`,
    cookie,
    payload: { message: 'Still there after the move?' },
  });
  expect(next.statusCode, next.body).toBe(201);
  const [after] = await query<{ id: string }>(t.db, sql`select max(id)::text as id from live_events`);
  expect(BigInt(after!.id)).toBeGreaterThan(BigInt(before!.id));
}

/** A migrated, empty embedded database in memory: a restore target. */
async function emptyEmbedded(): Promise<Database> {
  const database = (await copyOfPgliteTemplate()) ?? (await openDatabase({ dataDir: 'memory://' }));
  await database.migrate();
  cleanups.push(() => database.close());
  return database;
}

const rowCounts = async (db: Db) =>
  Object.fromEntries(
    Object.entries(await digest(db))
      .filter(([name]) => !name.startsWith('sequence '))
      .map(([name, d]) => [name, Number(d.split(':')[0])]),
  );

/** Rewrites a backup's decompressed lines. */
function rewrite(file: string, change: (lines: string[]) => string[]): string {
  const lines = gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
  const target = path.join(tmp('grip-backup-edit-'), 'edited.jsonl.gz');
  fs.writeFileSync(target, gzipSync(change(lines).join('\n')));
  return target;
}

describe('backup and restore', () => {
  const sourceDir = tmp('grip-backup-source-');
  const sourceConfig = testConfig({ DATA_DIR: sourceDir });
  let facts: Facts;
  let sourceDigest: Record<string, string>;
  let backupFile: string;

  beforeAll(async () => {
    const t = new TestApp(await buildApp(sourceConfig), null);
    try {
      facts = await buildMarketplace(t);
      // A server runs on this DATA_DIR: the backup command refuses, and writes nothing.
      const out = path.join(tmp('grip-backup-out-'), 'refused.jsonl.gz');
      const refused = await run('db-backup.ts', ['--out', out], { DATA_DIR: sourceDir, NODE_ENV: 'test' });
      expect(refused.code, refused.stdout).toBe(1);
      expect(refused.stderr).toContain(
        `The embedded database in ${sourceDir} is in use by another Grip process`,
      );
      expect(fs.existsSync(out)).toBe(false);
    } finally {
      await t.close();
    }
    const source = await openDatabase(sourceConfig);
    try {
      sourceDigest = await digest(source.db);
      backupFile = path.join(tmp('grip-backup-file-'), 'grip.jsonl.gz');
      const summary = await writeBackupFile(
        {
          database: source,
          storage: new LocalDirectoryStorage(path.join(sourceDir, 'uploads')),
          config: sourceConfig,
        },
        backupFile,
      );
      expect(summary).toMatchObject({ files: 1, missingFiles: [] });
      expect(summary.rows).toBeGreaterThan(20);
    } finally {
      await source.close();
    }
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
  }, 180_000);

  it('writes a header, every Grip table in foreign-key order, the sequences and the upload', async () => {
    const { header, lines } = await openBackupFile(backupFile);
    expect(header).toMatchObject({ format: 1, source: 'pglite', migration: codeMigrationLevel() });
    const tables: string[] = [];
    const kinds = new Set<string>();
    for await (const line of lines) {
      if ('control' in line) {
        kinds.add(line.control.$);
        if (line.control.$ === 'table') tables.push(line.control.name);
      }
    }
    expect(new Set(tables)).toEqual(schemaTableNames());
    expect(tables.indexOf('users')).toBeLessThan(tables.indexOf('service_requests'));
    expect(tables.indexOf('service_requests')).toBeLessThan(tables.indexOf('business_responses'));
    expect(tables.indexOf('business_responses')).toBeLessThan(tables.indexOf('reviews'));
    expect([...kinds].sort()).toEqual(['data', 'end', 'file', 'file-end', 'sequence', 'table', 'table-end']);
  });

  describe.skipIf(!hasPostgres)(`into PostgreSQL${hasPostgres ? '' : ` (skipped: ${NO_POSTGRES})`}`, () => {
    let url: string;
    let uploadDir: string;

    it('restores into an empty PostgreSQL: the same rows, type for type, and the app reads them back', async () => {
      url = await newPostgresDatabase();
      uploadDir = tmp('grip-backup-pg-uploads-');
      const config = testConfig({ DATABASE_URL: url, UPLOAD_DIR: uploadDir });
      const target = await openDatabase(config);
      try {
        const summary = await restoreBackup(
          { database: target, storage: new LocalDirectoryStorage(uploadDir), config },
          await openBackupFile(backupFile),
        );
        expect(summary).toMatchObject({ files: 1, filesAlreadyThere: 0, missingFiles: [], warnings: [] });
        expect(await digest(target.db)).toEqual(sourceDigest);
        expect(await migrationLevelOf(target.db)).toEqual(codeMigrationLevel());
      } finally {
        await target.close();
      }

      const t = new TestApp(await buildApp(config), null);
      try {
        await readBack(t, facts);
        // And a backup of PostgreSQL while its server runs comes back on the embedded database.
        const live = await openDatabase(config);
        const stream = new PassThrough();
        const opened = openBackup(stream);
        const written = writeBackup(
          { database: live, storage: new LocalDirectoryStorage(uploadDir), config },
          stream,
        );
        const embedded = await emptyEmbedded();
        const restored = await restoreBackup(
          {
            database: embedded,
            storage: new LocalDirectoryStorage(tmp('grip-backup-pg-back-')),
            config: testConfig(),
          },
          await opened,
        );
        expect((await written).rows).toBe(restored.rows);
        await live.close();
        expect((await rowCounts(embedded.db)).users).toBe(2);
      } finally {
        await t.close();
      }
    }, 180_000);

    it('refuses a target that already has data, and changes nothing', async () => {
      const config = testConfig({ DATABASE_URL: url, UPLOAD_DIR: uploadDir });
      const target = await openDatabase(config);
      try {
        const before = await digest(target.db);
        const attempt = restoreBackup(
          { database: target, storage: new LocalDirectoryStorage(uploadDir), config },
          await openBackupFile(backupFile),
        );
        await expect(attempt).rejects.toThrow(RestoreRefused);
        await expect(attempt).rejects.toThrow(/not empty \(it has rows in .*users/);
        expect(await digest(target.db)).toEqual(before);
      } finally {
        await target.close();
      }
    });

    it('refuses a truncated backup and leaves the PostgreSQL target empty, uploads too', async () => {
      const bytes = fs.readFileSync(backupFile);
      const truncated = path.join(tmp('grip-backup-cut-'), 'cut.jsonl.gz');
      fs.writeFileSync(truncated, bytes.subarray(0, bytes.length - 200));
      const config = testConfig({
        DATABASE_URL: await newPostgresDatabase(),
        UPLOAD_DIR: tmp('grip-backup-cut-up-'),
      });
      const target = await openDatabase(config);
      try {
        const attempt = restoreBackup(
          { database: target, storage: new LocalDirectoryStorage(config.uploadDir!), config },
          await openBackupFile(truncated),
        );
        await expect(attempt).rejects.toThrow(BackupFileError);
        await expect(attempt).rejects.toThrow(
          /damaged, incomplete or not a Grip backup \(unexpected end of file\)/,
        );
        expect(Object.values(await rowCounts(target.db)).every((n) => n === 0)).toBe(true);
        expect(fs.readdirSync(config.uploadDir!)).toEqual([]);
      } finally {
        await target.close();
      }
    });
  });

  it('refuses a corrupt backup, and one whose end is missing, leaving the target empty', async () => {
    const bytes = Buffer.from(fs.readFileSync(backupFile));
    for (let i = 0; i < 64; i++) bytes[Math.floor(bytes.length / 2) + i]! ^= 0xff;
    const corrupt = path.join(tmp('grip-backup-corrupt-'), 'corrupt.jsonl.gz');
    fs.writeFileSync(corrupt, bytes);
    // Whole gzip, but the end record is gone: cut while written by something else than db:backup.
    const endless = rewrite(backupFile, (lines) => lines.filter((l) => !l.startsWith('{"$":"end"')));
    // A row that is not JSON any more: PostgreSQL refuses it, and the rows before it are rolled back.
    const badRow = rewrite(backupFile, (lines) => {
      const at = lines.findIndex((l) => l.startsWith('{"$":"table","name":"reviews"')) + 1;
      return lines.map((l, i) => (i === at ? '{"id": not json}' : l));
    });

    for (const [file, message] of [
      // Flipped bytes fail the gzip stream, or first decode into a line that is not a record: either
      // way the file is called damaged (where the damage lands depends on the backup's size).
      [corrupt, /damaged, incomplete or not a Grip backup|The backup file is damaged \(line \d+/],
      [endless, /incomplete: it stops before its last record/],
      [badRow, /Rows of reviews could not be restored: invalid input syntax for type json/],
    ] as const) {
      const target = await emptyEmbedded();
      const uploads = tmp('grip-backup-corrupt-up-');
      // Damage near the start is found on opening, before the target is touched; later, while loading.
      const attempt = openBackupFile(file).then((backup) =>
        restoreBackup(
          { database: target, storage: new LocalDirectoryStorage(uploads), config: testConfig() },
          backup,
        ),
      );
      await expect(attempt).rejects.toThrow(message);
      expect(Object.values(await rowCounts(target.db)).every((n) => n === 0)).toBe(true);
      // The upload written before the failure was removed with the rollback.
      expect(fs.readdirSync(uploads)).toEqual([]);
    }
  });

  it('refuses a backup made by a newer Grip before touching anything', async () => {
    const newer = rewrite(backupFile, ([header, ...rest]) => {
      const parsed = JSON.parse(header!) as { migration: { tag: string; when: number } };
      parsed.migration = {
        ...parsed.migration,
        tag: '9999_from_the_future',
        when: parsed.migration.when + 1,
      };
      return [JSON.stringify(parsed), ...rest];
    });
    await expect(openBackupFile(newer)).rejects.toThrow(
      /made by a newer Grip \(database migration 9999_from_the_future; this code knows up to 0\d+_/,
    );
    const notOne = path.join(tmp('grip-backup-not-'), 'not.jsonl.gz');
    fs.writeFileSync(notOne, 'hello');
    await expect(openBackupFile(notOne)).rejects.toThrow(/not a Grip backup/);
  });

  it.skipIf(isPostgres())(
    'db:backup and db:restore round-trip into a new embedded DATA_DIR, with its secrets',
    async () => {
      fs.writeFileSync(path.join(sourceDir, 'auth-secret'), 'a-generated-secret-of-at-least-32-characters');
      fs.writeFileSync(path.join(sourceDir, 'demo-password'), 'grip-demo123');
      const env = { NODE_ENV: 'development' };
      const file = path.join(tmp('grip-backup-cli-'), 'cli.jsonl.gz');
      const backup = await run('db-backup.ts', ['--out', file], { ...env, DATA_DIR: sourceDir });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/Backed up \d+ rows of \d+ tables and 1 upload to /);

      const targetDir = path.join(tmp('grip-backup-cli-target-'), 'data');
      const restore = await run('db-restore.ts', [file], { ...env, DATA_DIR: targetDir });
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toMatch(
        /Restored \d+ rows of \d+ tables and 1 upload into the embedded database/,
      );
      expect(fs.readFileSync(path.join(targetDir, 'auth-secret'), 'utf8')).toBe(
        'a-generated-secret-of-at-least-32-characters',
      );
      expect(fs.readFileSync(path.join(targetDir, 'demo-password'), 'utf8')).toBe('grip-demo123');

      const again = await run('db-restore.ts', [file], { ...env, DATA_DIR: targetDir });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('Restore failed: The target database is not empty');

      const restored = await openDatabase(testConfig({ DATA_DIR: targetDir }));
      try {
        expect(await digest(restored.db)).toEqual(sourceDigest);
      } finally {
        await restored.close();
      }
      const t = new TestApp(await buildApp(testConfig({ DATA_DIR: targetDir })), null);
      try {
        await readBack(t, facts);
      } finally {
        await t.close();
      }
    },
    240_000,
  );
});

describe('a large table', () => {
  it('passes through in pieces: several fetches and several inserts, every row kept', async () => {
    const source = await emptyEmbedded();
    await source.db.execute(sql`insert into live_events (kind, op, entity_id, audience, created_at)
      select 'message', 'created', 'entity-' || n, array['user-' || n, null],
        timestamptz '2026-01-01 00:00:00.000001+00' + n * interval '1.000001 second'
      from generate_series(1, 2500) n`);
    const stream = new PassThrough();
    const opened = openBackup(stream);
    const storage = new LocalDirectoryStorage(tmp('grip-backup-large-'));
    const written = writeBackup({ database: source, storage, config: testConfig() }, stream);
    const target = await emptyEmbedded();
    const summary = await restoreBackup({ database: target, storage, config: testConfig() }, await opened);
    await written;
    expect(summary.rows).toBe(2500);
    expect(await digest(target.db)).toEqual(await digest(source.db));
  });
});

describe('a backup from an older Grip', () => {
  it('is loaded at its own migration level, then migrated on', async () => {
    const journal = readJournal();
    const older = journal.at(-2)!;
    const level = { tag: older.tag, when: older.when, count: journal.length - 1 };
    const source = await openDatabase({ dataDir: 'memory://' });
    cleanups.push(() => source.close());
    await migrateUpTo(source, level);
    expect(await migrationLevelOf(source.db)).toEqual(level);
    await source.db.execute(
      sql`insert into users (id, name, email) values ('u1', 'Old Timer', 'old@example.com')`,
    );
    await source.db.execute(
      sql`insert into notifications (user_id, type, title, message) values ('u1', 'welcome', 'Hi', 'From before')`,
    );
    const stream = new PassThrough();
    const opened = openBackup(stream);
    const storage = new LocalDirectoryStorage(tmp('grip-backup-old-'));
    const written = writeBackup({ database: source, storage, config: testConfig() }, stream);
    const backup = await opened;
    expect(backup.header.migration).toEqual(level);

    const target = await openDatabase({ dataDir: 'memory://' });
    cleanups.push(() => target.close());
    const restoring = restoreBackup({ database: target, storage, config: testConfig() }, backup);
    await written;
    const summary = await restoring;
    expect(summary.rows).toBeGreaterThanOrEqual(2);
    expect(await migrationLevelOf(target.db)).toEqual(codeMigrationLevel());
    const [note] = await query<{ message: string }>(target.db, sql`select message from notifications`);
    expect(note?.message).toBe('From before');
  });
});
