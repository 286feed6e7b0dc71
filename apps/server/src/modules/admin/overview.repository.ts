import { ACTIVE_OFFERS, OPEN_REQUEST, SYSTEM_SETTING_KEYS, type SystemSettingKey } from '@grip/domain';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessResponses, profiles, serviceRequests, systemSettings, users } from '../../db/schema';

export interface AdminCounts {
  totalUsers: number;
  registeredBusinesses: number;
  activeRequests: number;
  activeResponses: number;
}

const statusList = sql.join(
  ACTIVE_OFFERS.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * The stat-card counts in one statement: each count is its own uncorrelated subquery, so none runs per
 * row. Businesses use profiles_role_idx; active requests the partial service_requests_open_created_idx
 * (status, created_at where archived_at is null); active responses join their request by primary key.
 */
export async function countOverview(db: Db): Promise<AdminCounts> {
  const [row] = await db
    .select({
      totalUsers: count(),
      registeredBusinesses: sql<number>`(select count(*) from ${profiles}
        where ${profiles.role} = 'business_owner')`.mapWith(Number),
      activeRequests: sql<number>`(select count(*) from ${serviceRequests}
        where ${serviceRequests.status} = ${OPEN_REQUEST} and ${serviceRequests.archivedAt} is null)`.mapWith(
        Number,
      ),
      activeResponses: sql<number>`(select count(*) from ${businessResponses} br
        join ${serviceRequests} sr on sr.id = br.request_id
        where br.status in (${statusList}) and sr.archived_at is null)`.mapWith(Number),
    })
    .from(users);
  return {
    totalUsers: Number(row?.totalUsers ?? 0),
    registeredBusinesses: row?.registeredBusinesses ?? 0,
    activeRequests: row?.activeRequests ?? 0,
    activeResponses: row?.activeResponses ?? 0,
  };
}

/** Creates the switches that are missing, on (spec default); existing values are left alone. */
export async function ensureSystemSettings(db: Db): Promise<void> {
  await db
    .insert(systemSettings)
    .values(SYSTEM_SETTING_KEYS.map((key) => ({ key, value: 'true' })))
    .onConflictDoNothing({ target: systemSettings.key });
}

export async function saveSystemSetting(db: Db, key: SystemSettingKey, isEnabled: boolean, now: Date) {
  const value = isEnabled ? 'true' : 'false';
  await db
    .insert(systemSettings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: now } });
}

/**
 * Archive All Requests: every open, unarchived request, in one statement. Assigned (booked) requests
 * stay: they are not "active requests" and their jobs are still running.
 */
export async function archiveOpenRequests(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(serviceRequests)
    .set({ archivedAt: now, updatedAt: now })
    .where(and(eq(serviceRequests.status, OPEN_REQUEST), isNull(serviceRequests.archivedAt)))
    .returning({ id: serviceRequests.id });
  return rows.length;
}
