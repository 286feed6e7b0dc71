import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder, openDatabase, openPgliteCopy, type Database } from '../db/client';

/**
 * Every API test file starts from a freshly migrated database. Running initdb and every migration
 * for each file cost seconds apiece, so the migrated database is made once per set of migrations
 * (by the suite's global setup) and each file starts from a copy: a PGlite dump loaded into memory,
 * or on PostgreSQL a `CREATE DATABASE … TEMPLATE`. A change to any migration makes a new template.
 */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const dir = migrationsFolder();
  const files = [
    'meta/_journal.json',
    ...fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort(),
  ];
  for (const file of files) hash.update(file).update(fs.readFileSync(path.join(dir, file)));
  hash.update(PGlite.name);
  return hash.digest('hex').slice(0, 16);
}

const dumpFile = () => path.join(os.tmpdir(), 'grip-test', `pglite-${migrationsHash()}.tar`);
const templateName = () => `grip_template_${migrationsHash()}`;

/** Makes the template for this run's database (global setup; once per change of the migrations). */
export async function prepareTemplate(adminUrl: string | undefined): Promise<void> {
  if (adminUrl) return preparePostgresTemplate(adminUrl);
  const file = dumpFile();
  if (fs.existsSync(file)) return;
  // Templates of older migrations are of no more use.
  const dir = path.dirname(file);
  for (const old of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (old.startsWith('pglite-') && old.endsWith('.tar')) fs.rmSync(path.join(dir, old), { force: true });
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    if (!database.dump) return;
    const dump = await database.dump();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a parallel run never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
}

async function preparePostgresTemplate(adminUrl: string): Promise<void> {
  const name = templateName();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return;
    // Templates of older migrations are of no more use.
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'grip\\_template\\_%' and datname <> $1",
      [name],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${pg.escapeIdentifier(datname)}`).catch(() => {});
    }
    const building = `${name}_${process.pid}`;
    await admin.query(`create database ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    // Renamed once complete: a template is never seen half migrated.
    await admin.query(`alter database ${building} rename to ${name}`).catch(async (err: unknown) => {
      await admin.query(`drop database if exists ${building}`);
      if ((err as { code?: string }).code !== '42P04') throw err; // someone else finished first
    });
  } finally {
    await admin.end();
  }
}

/** A new embedded database for one test app, copied from the template when there is one. */
export async function copyOfPgliteTemplate(): Promise<Database | undefined> {
  const file = dumpFile();
  if (!fs.existsSync(file)) return undefined;
  return openPgliteCopy(new Blob([fs.readFileSync(file)]));
}

/** The CREATE DATABASE clause that copies the PostgreSQL template, when it exists. */
export async function postgresTemplateClause(admin: pg.Client): Promise<string> {
  const name = templateName();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  return rowCount ? ` template ${name}` : '';
}
