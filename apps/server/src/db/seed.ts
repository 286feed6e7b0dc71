import { catalogueRows, SYSTEM_SETTING_KEYS } from '@grip/domain';
import { count } from 'drizzle-orm';
import type { Db } from './client';
import { serviceCategories, systemSettings, users } from './schema';

/** Reference data every database needs: the service catalogue and the two system switches. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.insert(serviceCategories).values(catalogueRows()).onConflictDoNothing();
  await db
    .insert(systemSettings)
    .values(SYSTEM_SETTING_KEYS.map((key) => ({ key, value: 'true' })))
    .onConflictDoNothing();
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}
