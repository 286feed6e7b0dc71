import { DELETED_ACCOUNT_NAME, deletedAccountEmail } from '@grip/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accounts,
  businessResponses,
  notifications,
  outbox,
  profiles,
  pushSubscriptions,
  serviceRequests,
  sessions,
  users,
} from '../../db/schema';

/**
 * Deletes an account by anonymising it in one transaction (see domain account-deletion):
 * - the person: name, email (to a unique address that cannot receive mail), picture, profile details
 *   and business details removed; the role drops to customer so no business list or match finds it;
 * - the ways in: sign-in methods, sessions and push devices deleted; own notifications deleted, and
 *   deliveries still waiting to reach them failed;
 * - what nobody relies on yet: their open, unbooked requests are archived without the exact
 *   address, and their quotes not yet accepted are withdrawn (deleted with their messages).
 * Booked and completed jobs, their messages and reviews stay, shown under DELETED_ACCOUNT_NAME.
 */
export async function anonymiseAccount(db: Db, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        name: DELETED_ACCOUNT_NAME,
        email: deletedAccountEmail(userId),
        emailVerified: false,
        image: null,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx
      .update(profiles)
      .set({
        role: 'user',
        displayName: DELETED_ACCOUNT_NAME,
        businessName: null,
        avatarUrl: null,
        phone: null,
        address: null,
        areaLabel: null,
        latitude: null,
        longitude: null,
        website: null,
        googleReviewsUrl: null,
        description: null,
        serviceCategories: [],
        notificationEmail: null,
        notificationPreferences: [],
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(profiles.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    // Nothing more goes out to someone who left: deliveries still waiting are failed with the reason
    // (administrators see it in Deliveries). The pending filter keeps this on outbox_pending_idx rows.
    await tx
      .update(outbox)
      .set({ status: 'failed', lastError: 'The account was deleted before this was sent.' })
      .where(and(eq(outbox.status, 'pending'), eq(outbox.userId, userId)));
    await tx
      .update(serviceRequests)
      .set({ archivedAt: now, locationAddress: null, updatedAt: now })
      .where(
        and(
          eq(serviceRequests.userId, userId),
          eq(serviceRequests.status, 'open'),
          isNull(serviceRequests.archivedAt),
        ),
      );
    await tx
      .delete(businessResponses)
      .where(and(eq(businessResponses.businessUserId, userId), eq(businessResponses.status, 'pending')));
  });
}
