import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { uploads } from '../../db/schema';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

export async function insertUpload(db: Db | Tx, row: NewUpload): Promise<UploadRow> {
  const [inserted] = await db.insert(uploads).values(row).returning();
  if (!inserted) throw new Error('insert into uploads returned no row');
  return inserted;
}

/** Which of these storage keys the user uploaded. */
export async function ownedStorageKeys(db: Db | Tx, ownerId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: uploads.storageKey })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), inArray(uploads.storageKey, keys)));
  return new Set(rows.map((r) => r.key));
}
