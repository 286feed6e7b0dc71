/**
 * Restores a backup made by `npm run db:backup` into an empty database: `npm run db:restore -- FILE`
 * (`-` reads standard input). The target is the embedded database in DATA_DIR, or PostgreSQL when
 * DATABASE_URL is set — which is how an embedded installation moves to PostgreSQL. Uploads go to the
 * configured file storage. A target that already has data is refused, and a restore that fails
 * leaves the target as empty as it found it.
 */
import { parseArgs } from 'node:util';
import { plural } from '../backup/backup-format';
import { openBackup, openBackupFile, type OpenedBackup } from '../backup/read-backup';
import { RestoreRefused, restoreBackup } from '../backup/restore-backup';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { openFileStorage, type OpenedStorage } from '../lib/storage';

const USAGE =
  'Usage: npm run db:restore -- FILE   (FILE: a backup from npm run db:backup, or - for standard input)';
let file: string | undefined;
try {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new Error('Name one backup file.');
  file = positionals[0];
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

const config = loadConfig();
/** Where the rows go, without the password a DATABASE_URL may carry. */
function targetName(): string {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL at ${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

if (config.dataDir === 'memory://' && !config.databaseUrl) {
  console.error('DATA_DIR=memory:// keeps nothing: set DATA_DIR to a folder, or DATABASE_URL.');
  process.exit(1);
}

let backup: OpenedBackup;
try {
  backup = file === '-' ? await openBackup(process.stdin) : await openBackupFile(file!);
} catch (error) {
  console.error(`Cannot restore: ${(error as Error).message} Nothing was changed.`);
  process.exit(1);
}

const { header } = backup;
console.log(
  `Restoring the backup of ${header.createdAt} (${header.source === 'pglite' ? 'embedded' : 'PostgreSQL'}, ` +
    `migration ${header.migration.tag}) into ${targetName()}…`,
);
let database: Database | null = null;
let storage: OpenedStorage | null = null;
try {
  database = await openDatabase(config);
  storage = await openFileStorage(config);
  const summary = await restoreBackup({ database, storage: storage.storage, config }, backup, {
    log: (line) => console.log(`  ${line}`),
  });
  const already =
    summary.filesAlreadyThere > 0 ? ` (${summary.filesAlreadyThere} more were already there)` : '';
  console.log(
    `Restored ${plural(summary.rows, 'row')} of ${plural(summary.tables, 'table')} and ${plural(summary.files, 'upload')}${already} ` +
      `into ${targetName()}. Start Grip with the same settings to use it.`,
  );
  if (summary.missingFiles.length > 0) {
    console.log(
      `${plural(summary.missingFiles.length, 'upload')} without bytes in the backup (missing when it was made).`,
    );
  }
  for (const warning of summary.warnings) console.warn(`Warning: ${warning}`);
} catch (error) {
  // A refusal comes before any row is written; anything later was rolled back with its files.
  const after =
    error instanceof RestoreRefused || !database
      ? 'Nothing was restored.'
      : 'Nothing was restored: everything was rolled back, and the target is as empty as it was.';
  console.error(`Restore failed: ${(error as Error).message}\n${after}`);
  process.exitCode = 1;
} finally {
  await storage?.close();
  await database?.close();
}
