import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { profiles, serviceRequests } from '../../db/schema';
import { businessMatchesTerms } from './matching.sql';

export type RequestRow = typeof serviceRequests.$inferSelect;

export async function insertRequest(
  tx: Tx,
  values: typeof serviceRequests.$inferInsert,
): Promise<RequestRow> {
  const [row] = await tx.insert(serviceRequests).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Business owners (other than the requester) whose categories match the request's terms. */
export async function matchingBusinessIds(tx: Tx, terms: string[], requesterId: string): Promise<string[]> {
  if (terms.length === 0) return [];
  const rows = await tx
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(
      and(eq(profiles.role, 'business_owner'), ne(profiles.userId, requesterId), businessMatchesTerms(terms)),
    );
  return rows.map((r) => r.userId);
}
