import type { SystemSettingKey } from '@grip/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { systemSettings } from '../../db/schema';

/** An administrators' switch (system_settings); a missing row means on (spec 3 "Admin switches"). */
export async function isSwitchOn(db: Db | Tx, key: SystemSettingKey): Promise<boolean> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, key));
  return row?.value !== 'false';
}

/** The platform's email switch as an SQL condition, for statements that decide on it in one query. */
export const emailSwitchOn = sql<boolean>`coalesce((select ${systemSettings.value} <> 'false' from ${systemSettings}
  where ${systemSettings.key} = 'email_notifications_enabled'), true)`;
