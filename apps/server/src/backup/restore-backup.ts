import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database, Tx } from '../db/client';
import { isValidStorageKey, type FileStorage } from '../lib/storage';
import { BackupFileError, plural } from './backup-format';
import {
  ident,
  migrationLevelOf,
  publicSequences,
  publicTables,
  tablesWithRows,
  type TableShape,
} from './database-catalog';
import { restoreSecrets } from './installation-secrets';
import { codeMigrationLevel, migrateUpTo } from './migration-level';
import type { OpenedBackup } from './read-backup';

export interface RestoreTarget {
  database: Database;
  storage: FileStorage;
  config: Pick<Config, 'dataDir' | 'authSecret' | 'env'>;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
  /** Uploads whose bytes the target storage already held (the same storage as the backup's source). */
  filesAlreadyThere: number;
  /** Uploads the backup had no bytes for (they were missing from storage when it was made). */
  missingFiles: string[];
  /** What the operator must do for everyone to sign in as before (installation-secrets.ts). */
  warnings: string[];
}

/** The target is not one a backup may be restored into; nothing was changed. */
export class RestoreRefused extends Error {}

/**
 * Tables a server fills by itself when it starts on a database (reference data, its push key pair,
 * rate-limit counters): a target holding only these counts as empty, and the backup's rows replace
 * them. Anything else (an account, a request…) makes the target not empty.
 */
const FILLED_ON_START = new Set(['service_categories', 'system_settings', 'vapid_keys', 'rate_limits']);

/** Rows per insert, and the most JSON text one insert carries. */
const BATCH_ROWS = 1000;
const BATCH_CHARS = 4_000_000;
/** No upload is near this big (the largest allowed is 10 MB); past it the file is damaged. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

const damaged = (what: string) => new BackupFileError(`The backup file is damaged (${what}).`);

/**
 * Restores a backup into an empty database (embedded or PostgreSQL) and the configured file storage.
 * The database is migrated to the backup's level with the server's own migrations, every row is
 * inserted in one transaction (triggers off, so the rows are exactly the backed-up ones), sequences
 * are set and the uploads written; a backup from an older Grip is then migrated on like any database.
 * Whatever fails — a damaged file, a refused row — rolls everything back and removes the files it
 * wrote: the target is left as empty as it was.
 */
export async function restoreBackup(
  target: RestoreTarget,
  backup: OpenedBackup,
  options: { log?: (line: string) => void } = {},
): Promise<RestoreSummary> {
  try {
    return await restore(target, backup, options.log ?? (() => {}));
  } finally {
    // Closes the file when the restore stopped before reading it to the end.
    await backup.lines.return(undefined);
  }
}

async function restore(
  target: RestoreTarget,
  backup: OpenedBackup,
  log: (line: string) => void,
): Promise<RestoreSummary> {
  const { database } = target;
  const { header } = backup;
  const before = await migrationLevelOf(database.db);
  if (!before && (await publicTables(database.db)).size > 0) {
    throw new RestoreRefused(
      'The target database has tables but no Grip schema: restore into a new, empty database.',
    );
  }
  if (before && before.when > header.migration.when) {
    throw new RestoreRefused(
      `The target database was already migrated by a newer Grip (${before.tag ?? before.when}) than the ` +
        `backup's (${header.migration.tag}): restore into a new, empty database, without starting Grip on it first.`,
    );
  }
  if (before) await refuseUnlessEmpty(target);

  const isOlder = header.migration.when < codeMigrationLevel().when;
  if (isOlder) await migrateUpTo(database, header.migration);
  else await database.migrate();
  await refuseUnlessEmpty(target);

  const written: string[] = [];
  let summary: RestoreSummary;
  try {
    summary = await database.db.transaction((tx) => load(tx, target.storage, backup, written, log));
  } catch (error) {
    // The rows are rolled back; the files written meanwhile go too (never files that were there before).
    for (const key of written) await target.storage.delete(key).catch(() => {});
    throw error;
  }
  if (isOlder) {
    log(`Migrating from the backup's level (${header.migration.tag}) to this version's.`);
    await database.migrate();
  }
  summary.warnings = restoreSecrets(target.config, header);
  return summary;
}

async function refuseUnlessEmpty(target: RestoreTarget): Promise<void> {
  const tables = await publicTables(target.database.db);
  const occupied = await tablesWithRows(
    target.database.db,
    [...tables.keys()].filter((name) => !FILLED_ON_START.has(name)),
  );
  if (occupied.length === 0) return;
  const where =
    target.database.kind === 'postgres'
      ? 'create a new database and set DATABASE_URL to it'
      : 'set DATA_DIR to a new, empty folder';
  throw new RestoreRefused(
    `The target database is not empty (it has rows in ${occupied.join(', ')}). A backup is restored only ` +
      `into an empty database, so nothing is overwritten: ${where}.`,
  );
}

interface TableInProgress {
  shape: TableShape;
  columns: string[];
  rows: number;
  batch: string[];
  batchChars: number;
}

interface FileInProgress {
  key: string;
  contentType: string;
  chunks: Buffer[];
  size: number;
}

async function load(
  tx: Tx,
  storage: FileStorage,
  backup: OpenedBackup,
  written: string[],
  log: (line: string) => void,
): Promise<RestoreSummary> {
  const tables = await publicTables(tx);
  const sequences = new Set(await publicSequences(tx));
  // Triggers would announce every row as a new change (live_events) and fill derived tables
  // (request_activity, notification_fan_out) the backup already holds. ALTER TABLE is part of the
  // transaction, so a rollback turns them back on too; foreign keys and checks still apply.
  for (const name of tables.keys()) await tx.execute(sql`alter table ${ident(name)} disable trigger user`);
  for (const name of FILLED_ON_START) if (tables.has(name)) await tx.execute(sql`delete from ${ident(name)}`);

  const summary: RestoreSummary = {
    tables: 0,
    rows: 0,
    files: 0,
    filesAlreadyThere: 0,
    missingFiles: [],
    warnings: [],
  };
  const seen = new Set<string>();
  let table: TableInProgress | null = null;
  let file: FileInProgress | null = null;
  let ended = false;

  for await (const line of backup.lines) {
    if ('row' in line) {
      if (!table) throw damaged('a row outside a table');
      table.batch.push(line.row);
      table.batchChars += line.row.length;
      table.rows += 1;
      if (table.batch.length >= BATCH_ROWS || table.batchChars >= BATCH_CHARS) await insertBatch(tx, table);
      continue;
    }
    const record = line.control;
    if (table && record.$ !== 'table-end') throw damaged(`the rows of ${table.shape.name} do not end`);
    if (file && record.$ !== 'data' && record.$ !== 'file-end')
      throw damaged(`upload ${file.key} does not end`);
    switch (record.$) {
      case 'table': {
        const shape = tables.get(record.name);
        if (!shape) throw new Error(`The backup has a table this database does not: ${record.name}.`);
        const unknown = record.columns.filter((c) => !shape.columns.includes(c));
        if (unknown.length > 0) {
          throw new Error(
            `The backup's ${record.name} has columns this database does not: ${unknown.join(', ')}.`,
          );
        }
        if (seen.has(record.name)) throw damaged(`${record.name} appears twice`);
        seen.add(record.name);
        table = { shape, columns: record.columns, rows: 0, batch: [], batchChars: 0 };
        break;
      }
      case 'table-end': {
        if (!table || table.shape.name !== record.name)
          throw damaged(`an end of ${record.name} out of place`);
        await insertBatch(tx, table);
        if (table.rows !== record.rows) {
          throw damaged(`${record.name} has ${table.rows} rows where ${record.rows} were written`);
        }
        log(`${record.name}: ${plural(table.rows, 'row')}`);
        summary.tables += 1;
        summary.rows += table.rows;
        table = null;
        break;
      }
      case 'sequence': {
        if (!sequences.has(record.name))
          throw new Error(`The backup has a sequence this database does not: ${record.name}.`);
        await tx.execute(
          sql`select setval(${`"${record.name}"`}::regclass, ${record.lastValue}::bigint, ${record.isCalled})`,
        );
        break;
      }
      case 'file': {
        if (!isValidStorageKey(record.key)) throw damaged(`an upload named ${JSON.stringify(record.key)}`);
        file = { key: record.key, contentType: record.contentType, chunks: [], size: 0 };
        break;
      }
      case 'data': {
        if (!file) throw damaged('file data outside a file');
        const bytes = Buffer.from(record.base64, 'base64');
        file.chunks.push(bytes);
        file.size += bytes.length;
        if (file.size > MAX_FILE_BYTES) throw damaged(`upload ${file.key} is far too large`);
        break;
      }
      case 'file-end': {
        if (!file) throw damaged('an end of a file out of place');
        const bytes = Buffer.concat(file.chunks);
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        if (bytes.length !== record.size || sha256 !== record.sha256) {
          throw damaged(`upload ${file.key} does not match its checksum`);
        }
        if (await storeFile(storage, file, bytes, sha256, written)) summary.files += 1;
        else summary.filesAlreadyThere += 1;
        file = null;
        break;
      }
      case 'missing-file':
        summary.missingFiles.push(record.key);
        log(`Upload ${record.key} had no bytes when the backup was made: its row is restored without them.`);
        break;
      case 'end': {
        const files = summary.files + summary.filesAlreadyThere;
        if (record.tables !== summary.tables || record.rows !== summary.rows || record.files !== files) {
          throw damaged(
            `it ends with ${record.tables} tables, ${record.rows} rows and ${record.files} files, ` +
              `but holds ${summary.tables}, ${summary.rows} and ${files}`,
          );
        }
        ended = true;
        break;
      }
    }
    if (ended) break;
  }
  if (!ended) {
    throw new BackupFileError(
      'The backup file is incomplete: it stops before its last record (was it cut short while being made or copied?).',
    );
  }
  for (const name of tables.keys()) await tx.execute(sql`alter table ${ident(name)} enable trigger user`);
  return summary;
}

/**
 * One batch as one statement: PostgreSQL turns the rows' jsonb text back into typed columns
 * (jsonb_populate_recordset is to_jsonb's inverse), so no value passes through JavaScript numbers
 * or dates on the way.
 */
async function insertBatch(tx: Tx, table: TableInProgress): Promise<void> {
  if (table.batch.length === 0) return;
  const { name, hasAlwaysIdentity } = table.shape;
  const columns = sql.join(table.columns.map(ident), sql`, `);
  const overriding = hasAlwaysIdentity ? sql` overriding system value` : sql``;
  const rows = `[${table.batch.join(',')}]`;
  table.batch = [];
  table.batchChars = 0;
  try {
    await tx.execute(
      sql`insert into ${ident(name)} (${columns})${overriding}
        select ${columns} from jsonb_populate_recordset(null::${ident(name)}, ${rows}::jsonb)`,
    );
  } catch (error) {
    // Drizzle wraps PostgreSQL's error in one that repeats the statement and every row: say only why.
    const cause = (error as { cause?: unknown }).cause;
    const reason = cause instanceof Error ? cause.message : (error as Error).message;
    throw new Error(`Rows of ${name} could not be restored: ${reason}`, { cause: error });
  }
}

/**
 * Writes one upload's bytes; answers false when the storage already holds exactly these bytes (restoring
 * into the storage the backup came from). Different bytes under the same key are refused, never replaced.
 */
async function storeFile(
  storage: FileStorage,
  file: FileInProgress,
  bytes: Buffer,
  sha256: string,
  written: string[],
): Promise<boolean> {
  const existing = await storage.get(file.key);
  if (existing) {
    if ((await sha256Of(existing.body)) === sha256) return false;
    throw new RestoreRefused(
      `The file storage already holds a different file named ${file.key}: restore into empty storage.`,
    );
  }
  await storage.put(file.key, bytes, { contentType: file.contentType });
  written.push(file.key);
  return true;
}

async function sha256Of(body: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of body as AsyncIterable<Uint8Array>) hash.update(chunk);
  return hash.digest('hex');
}
