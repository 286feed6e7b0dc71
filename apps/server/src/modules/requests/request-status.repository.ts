import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { serviceRequests } from '../../db/schema';
import type { RequestRow } from './requests.repository';

/**
 * Writes the state the request lifecycle decided for a consequence of another party's action (an offer
 * confirmed, a job completed or reopened): callers ask `transition(REQUEST_LIFECYCLE, …)` first.
 */
export async function setRequestStatus(
  tx: Tx,
  requestId: string,
  status: RequestRow['status'],
  now: Date,
): Promise<void> {
  await tx.update(serviceRequests).set({ status, updatedAt: now }).where(eq(serviceRequests.id, requestId));
}
