import { lte, sql, type SQL } from 'drizzle-orm';
import { reviews } from './schema';

/**
 * A customer's review that shows (issue 32, double-blind): its revealed time has come — the business
 * reviewed back, or 14 days passed since completion. Every rating a business is judged by, its own
 * included, counts only these, so no figure betrays a review still held back. Read at the database's
 * clock, the clock the queries run on.
 */
export const shownReview: SQL = lte(reviews.revealedAt, sql`now()`)!;
