/**
 * Backs up the whole installation — every table and every upload — into one file:
 * `npm run db:backup [-- --out FILE]` (default grip-backup-<UTC time>.jsonl.gz here; `--out -` writes
 * to standard output). On PostgreSQL (DATABASE_URL) it may run while the servers do: it reads one
 * consistent snapshot. The embedded database belongs to one process, so stop the server first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultBackupName, plural } from '../backup/backup-format';
import { writeBackup, writeBackupFile, type BackupSummary } from '../backup/write-backup';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { openFileStorage, type OpenedStorage } from '../lib/storage';

let args;
try {
  args = parseArgs({ options: { out: { type: 'string', short: 'o' } } }).values;
} catch (error) {
  console.error(`${(error as Error).message}\nUsage: npm run db:backup [-- --out FILE]`);
  process.exit(2);
}
const out = args.out ?? defaultBackupName(new Date());
const toStdout = out === '-';
// Standard output may be the backup itself: then everything said goes to standard error.
const say = (line: string) => (toStdout ? process.stderr : process.stdout).write(`${line}\n`);

const config = loadConfig();
const embedded = !config.databaseUrl;
if (embedded && !fs.existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
  console.error(
    `There is no embedded database in ${config.dataDir}: nothing to back up. Set DATA_DIR to the ` +
      'folder Grip runs with, or DATABASE_URL to back up PostgreSQL.',
  );
  process.exit(1);
}

if (!toStdout && !fs.existsSync(path.dirname(path.resolve(out)))) {
  console.error(`The folder ${path.dirname(path.resolve(out))} does not exist: nothing was backed up.`);
  process.exit(1);
}

let database: Database | null = null;
let storage: OpenedStorage | null = null;
try {
  database = await openDatabase(config);
  storage = await openFileStorage(config);
  const source = { database, storage: storage.storage, config };
  const log = (line: string) => say(`  ${line}`);
  say(
    `Backing up ${embedded ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'} and its uploads…`,
  );
  let summary: BackupSummary;
  if (toStdout) {
    summary = await writeBackup(source, process.stdout, { log });
  } else {
    summary = await writeBackupFile(source, path.resolve(out), { log });
  }
  say(
    `Backed up ${plural(summary.rows, 'row')} of ${plural(summary.tables, 'table')} and ${plural(summary.files, 'upload')}` +
      (toStdout
        ? '.'
        : ` to ${path.resolve(out)} (readable by you only: it holds password hashes and secrets).`),
  );
  if (summary.missingFiles.length > 0) {
    say(
      `${plural(summary.missingFiles.length, 'upload')} not in storage: in the backup without bytes (the rows are kept).`,
    );
  }
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await storage?.close();
  await database?.close();
}
