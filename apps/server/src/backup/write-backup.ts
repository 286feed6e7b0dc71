import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, type Gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database, Tx } from '../db/client';
import type { FileStorage } from '../lib/storage';
import { BACKUP_FORMAT_VERSION, plural, type BackupHeader, type ControlRecord } from './backup-format';
import {
  foreignKeyOrder,
  ident,
  migrationLevelOf,
  publicSequences,
  publicTables,
  query,
  readSequence,
  schemaTableNames,
} from './database-catalog';
import { backedUpSecrets } from './installation-secrets';

export interface BackupSource {
  database: Database;
  storage: FileStorage;
  config: Pick<Config, 'dataDir' | 'authSecret' | 'env'>;
}

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  /** Storage keys of uploads rows whose bytes were not in storage (the rows are kept). */
  missingFiles: string[];
}

/** Rows fetched from the cursor at a time: a table of any size passes through in pieces. */
const FETCH_ROWS = 1000;

/** Lines into the gzip stream, waiting whenever it asks to (a slow disk or pipe never fills memory). */
class LineWriter {
  constructor(private readonly gzip: Gzip) {}

  async write(line: string): Promise<void> {
    if (this.gzip.destroyed) throw new Error('The backup output was closed');
    if (!this.gzip.write(`${line}\n`)) await once(this.gzip, 'drain');
  }

  control(record: ControlRecord | BackupHeader): Promise<void> {
    return this.write(JSON.stringify(record));
  }
}

/**
 * Writes a backup of the whole database and every upload to `output` (gzip'd JSON lines,
 * backup-format.ts). Every row is read in one read-only repeatable-read transaction, so the backup
 * is one consistent moment even while the server keeps writing (PostgreSQL); the upload bytes are
 * those of the rows in that moment.
 */
export async function writeBackup(
  source: BackupSource,
  output: Writable,
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<BackupSummary> {
  const log = options.log ?? (() => {});
  const gzip = createGzip();
  const written = pipeline(gzip, output);
  // Its failure is the writer's next error; this only keeps it from being unhandled meanwhile.
  written.catch(() => {});
  const out = new LineWriter(gzip);
  try {
    const summary = await source.database.db.transaction(
      (tx) => writeEverything(tx, source, out, options.now ?? new Date(), log),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end();
    await written;
    return summary;
  } catch (error) {
    gzip.destroy();
    throw error;
  }
}

async function writeEverything(
  tx: Tx,
  source: BackupSource,
  out: LineWriter,
  now: Date,
  log: (line: string) => void,
): Promise<BackupSummary> {
  const migration = await migrationLevelOf(tx);
  if (!migration)
    throw new Error('This database has no Grip schema (it was never migrated): nothing to back up.');
  const [version] = await query<{ server_version: string }>(tx, sql`show server_version`);
  await out.control({
    $: 'grip-backup',
    format: BACKUP_FORMAT_VERSION,
    createdAt: now.toISOString(),
    source: source.database.kind,
    serverVersion: version?.server_version ?? 'unknown',
    migration,
    ...backedUpSecrets(source.config),
  });

  const tables = await publicTables(tx);
  const known = schemaTableNames();
  const names = [...tables.keys()].filter((name) => known.has(name));
  const others = [...tables.keys()].filter((name) => !known.has(name));
  if (others.length > 0) log(`Left out (not Grip's tables): ${others.join(', ')}`);

  const summary: BackupSummary = { tables: 0, rows: 0, files: 0, missingFiles: [] };
  for (const name of await foreignKeyOrder(tx, names)) {
    const { columns } = tables.get(name)!;
    await out.control({ $: 'table', name, columns });
    const rows = await writeRows(tx, name, columns, out);
    await out.control({ $: 'table-end', name, rows });
    log(`${name}: ${plural(rows, 'row')}`);
    summary.tables += 1;
    summary.rows += rows;
  }

  // After the rows: a sequence is not part of the snapshot, and read now it is past every id in it.
  for (const name of await publicSequences(tx)) {
    await out.control({ $: 'sequence', name, ...(await readSequence(tx, name)) });
  }

  await writeFiles(tx, source.storage, out, summary, log);
  await out.control({ $: 'end', tables: summary.tables, rows: summary.rows, files: summary.files });
  return summary;
}

/** One table's rows as PostgreSQL's own jsonb text, through a cursor. */
async function writeRows(tx: Tx, table: string, columns: string[], out: LineWriter): Promise<number> {
  const list = sql.join(columns.map(ident), sql`, `);
  await tx.execute(
    sql`declare grip_backup_rows no scroll cursor for
      select to_jsonb(x)::text as line from (select ${list} from ${ident(table)}) x`,
  );
  let count = 0;
  for (;;) {
    const rows = await query<{ line: string }>(
      tx,
      sql.raw(`fetch forward ${FETCH_ROWS} from grip_backup_rows`),
    );
    for (const { line } of rows) await out.write(line);
    count += rows.length;
    if (rows.length < FETCH_ROWS) break;
  }
  await tx.execute(sql`close grip_backup_rows`);
  return count;
}

/** Every upload the uploads table names, its bytes in base64 lines between a file and a file-end. */
async function writeFiles(
  tx: Tx,
  storage: FileStorage,
  out: LineWriter,
  summary: BackupSummary,
  log: (line: string) => void,
): Promise<void> {
  await tx.execute(
    sql`declare grip_backup_files no scroll cursor for
      select storage_key as key, content_type as "contentType" from uploads order by created_at, id`,
  );
  for (;;) {
    const rows = await query<{ key: string; contentType: string }>(
      tx,
      sql.raw(`fetch forward ${FETCH_ROWS} from grip_backup_files`),
    );
    for (const { key, contentType } of rows) {
      const file = await storage.get(key);
      if (!file) {
        await out.control({ $: 'missing-file', key });
        summary.missingFiles.push(key);
        log(`Upload ${key} is in the database but not in storage: its row is kept, without bytes.`);
        continue;
      }
      await out.control({ $: 'file', key, contentType });
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of file.body as AsyncIterable<Uint8Array>) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        hash.update(bytes);
        size += bytes.length;
        await out.control({ $: 'data', base64: bytes.toString('base64') });
      }
      await out.control({ $: 'file-end', size, sha256: hash.digest('hex') });
      summary.files += 1;
    }
    if (rows.length < FETCH_ROWS) break;
  }
  await tx.execute(sql`close grip_backup_files`);
}

/**
 * Writes the backup to a file: aside first and renamed when complete, so a file under the name is
 * always a whole backup. Readable by its owner only: it holds password hashes and secrets.
 */
export async function writeBackupFile(
  source: BackupSource,
  file: string,
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<BackupSummary> {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  const stream = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  try {
    const summary = await writeBackup(source, stream, options);
    fs.renameSync(partial, file);
    return summary;
  } catch (error) {
    stream.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
}
