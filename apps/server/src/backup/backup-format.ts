import { z } from 'zod';

/**
 * A Grip backup is one gzip'd file of JSON lines, written and read as a stream, so a database of any
 * size passes through in pieces (the README's "Backups and moving to PostgreSQL" shows the commands):
 *
 *   {"$":"grip-backup","format":1,…}            the header: what, when, from where, which migration
 *   {"$":"table","name":"users","columns":[…]}  then, per table in foreign-key order,
 *   {"id":"…","name":"…",…}                     one line per row: the row as PostgreSQL's jsonb text
 *   {"$":"table-end","name":"users","rows":2}
 *   {"$":"sequence","name":"…","lastValue":"41","isCalled":true}
 *   {"$":"file","key":"…","contentType":"image/png"}   per upload, its bytes in base64 lines,
 *   {"$":"data","base64":"…"}
 *   {"$":"file-end","size":1234,"sha256":"…"}
 *   {"$":"end","tables":23,"rows":512,"files":3}      the last line: a file without it is incomplete
 *
 * Control lines start with `{"$":`; a row line never does (no column is named "$"). Row lines are
 * never parsed here: PostgreSQL wrote them (`to_jsonb`) and PostgreSQL reads them back
 * (`jsonb_populate_recordset`), so numerics, timestamps, arrays and jsonb keep every digit.
 */
export const BACKUP_FORMAT_VERSION = 1;

/** The start every control line has, and no row line can. */
export const CONTROL_PREFIX = '{"$":';

/** The default name: grip-backup-20260102T030405Z.jsonl.gz (UTC, sortable). */
export function defaultBackupName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `grip-backup-${stamp}.jsonl.gz`;
}

/** The database's migration level: the newest applied drizzle migration. */
export const MigrationLevelSchema = z.object({
  /** The journal's tag (e.g. '0024_notification_fan_out'); null when this code does not know it. */
  tag: z.string().nullable(),
  /** The journal's `when`, which drizzle stores as the migration's created_at: levels compare by it. */
  when: z.number().int(),
  /** How many migrations were applied. */
  count: z.number().int().nonnegative(),
});
export type MigrationLevel = z.infer<typeof MigrationLevelSchema>;

/**
 * The auth secret the backed-up server used. Generated into DATA_DIR it moves with the data (two-factor
 * secrets are encrypted with it, session cookies signed with it); given as AUTH_SECRET it stays with
 * the operator and only its fingerprint is kept, to warn when the new server's differs.
 */
export const AuthSecretSchema = z.discriminatedUnion('from', [
  z.object({ from: z.literal('file'), value: z.string().min(32) }),
  z.object({ from: z.literal('env'), sha256: z.string() }),
]);
export type BackedUpAuthSecret = z.infer<typeof AuthSecretSchema>;

export const HeaderSchema = z.object({
  $: z.literal('grip-backup'),
  format: z.number().int(),
  createdAt: z.string(),
  source: z.enum(['pglite', 'postgres']),
  serverVersion: z.string(),
  migration: MigrationLevelSchema,
  authSecret: AuthSecretSchema.nullable(),
  /** The demo accounts' shared password (DATA_DIR/demo-password), when there is one. */
  demoPassword: z.string().nullable(),
});
export type BackupHeader = z.infer<typeof HeaderSchema>;

const identifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'not a table, column or sequence name');

export const ControlSchema = z.discriminatedUnion('$', [
  z.object({ $: z.literal('table'), name: identifier, columns: z.array(identifier).min(1) }),
  z.object({ $: z.literal('table-end'), name: identifier, rows: z.number().int().nonnegative() }),
  z.object({
    $: z.literal('sequence'),
    name: identifier,
    lastValue: z.string().regex(/^-?\d{1,19}$/),
    isCalled: z.boolean(),
  }),
  z.object({ $: z.literal('file'), key: z.string().min(1).max(200), contentType: z.string().min(1) }),
  z.object({ $: z.literal('data'), base64: z.string() }),
  z.object({
    $: z.literal('file-end'),
    size: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  /** An uploads row whose bytes were not in storage when the backup was made (said, not hidden). */
  z.object({ $: z.literal('missing-file'), key: z.string().min(1).max(200) }),
  z.object({
    $: z.literal('end'),
    tables: z.number().int().nonnegative(),
    rows: z.number().int().nonnegative(),
    files: z.number().int().nonnegative(),
  }),
]);
export type ControlRecord = z.infer<typeof ControlSchema>;

/** A backup that cannot be read as one: refused with this message, nothing restored. */
export class BackupFileError extends Error {}

/** '1 row', '2 rows': for what the commands print. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
