import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, type Database } from '../db/client';
import type { MigrationLevel } from './backup-format';

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The committed migrations in order (drizzle's journal). */
export function readJournal(): JournalEntry[] {
  const file = path.join(migrationsFolder(), 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/** The level this code migrates a database to. */
export function codeMigrationLevel(): MigrationLevel {
  const entries = readJournal();
  const last = entries.at(-1);
  if (!last) throw new Error('The migrations journal is empty');
  return { tag: last.tag, when: last.when, count: entries.length };
}

/**
 * Migrates a database up to `level` and no further: rows backed up at an older level are loaded into
 * the schema they were written for, and the newer migrations (with any data changes they make) run
 * after, as they would have on the old server. Drizzle applies the journal's entries newer than the
 * database's newest, so a copy of the journal cut at the level does it.
 */
export async function migrateUpTo(database: Database, level: MigrationLevel): Promise<void> {
  const source = migrationsFolder();
  const entries = readJournal().filter((e) => e.when <= level.when);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grip-migrations-'));
  try {
    fs.mkdirSync(path.join(dir, 'meta'));
    const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta', '_journal.json'), 'utf8')) as object;
    fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) {
      fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
    }
    // The two drivers' migrators differ only in the type of handle they take; Database.db is the
    // handle of its own driver.
    if (database.kind === 'postgres') {
      await migratePostgres(database.db as never, { migrationsFolder: dir });
    } else {
      await migratePglite(database.db as never, { migrationsFolder: dir });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
