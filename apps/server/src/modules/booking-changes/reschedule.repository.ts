import { OPEN_PROPOSAL, PROPOSAL_LIFECYCLE, stateAfter, type RescheduleStatus } from '@grip/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rescheduleProposals } from '../../db/schema';

export type ProposalRow = typeof rescheduleProposals.$inferSelect;

/** The booking's open proposal, if any (at most one: reschedule_proposals_one_open_key). */
export async function openProposalOf(tx: Tx, responseId: string): Promise<ProposalRow | null> {
  const [row] = await tx
    .select()
    .from(rescheduleProposals)
    .where(
      and(eq(rescheduleProposals.responseId, responseId), eq(rescheduleProposals.status, OPEN_PROPOSAL)),
    );
  return row ?? null;
}

export async function insertProposal(
  tx: Tx,
  values: typeof rescheduleProposals.$inferInsert,
): Promise<ProposalRow | null> {
  // A proposal racing another (both parties at once) meets the one-open index: nothing is stored.
  const [row] = await tx.insert(rescheduleProposals).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function setProposalStatus(
  tx: Tx,
  id: string,
  status: RescheduleStatus,
  now: Date,
): Promise<void> {
  await tx.update(rescheduleProposals).set({ status, answeredAt: now }).where(eq(rescheduleProposals.id, id));
}

/** Grip closes a booking's open proposal when the booking is cancelled. */
export async function closeOpenProposal(tx: Tx, responseId: string, now: Date): Promise<void> {
  await tx
    .update(rescheduleProposals)
    .set({ status: stateAfter(PROPOSAL_LIFECYCLE, 'close'), answeredAt: now })
    .where(
      and(eq(rescheduleProposals.responseId, responseId), eq(rescheduleProposals.status, OPEN_PROPOSAL)),
    );
}
