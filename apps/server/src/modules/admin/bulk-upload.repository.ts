import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

/** Which of these (lower-case) emails already have an account; one query for the whole file. */
export async function findRegisteredEmails(db: Db, emails: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // Chunks keep the parameter list well under PostgreSQL's limit whatever the file size.
  for (let i = 0; i < emails.length; i += 1000) {
    const chunk = emails.slice(i, i + 1000);
    const rows = await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, chunk));
    for (const row of rows) found.add(row.email);
  }
  return found;
}

/** The sign-up signs the new account in; an administrator's upload should leave no sessions behind. */
export async function deleteSessionsOf(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Undoes a half-created business (its profile, credentials and sessions go with it). */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
