import { sql } from 'drizzle-orm';
import { profiles } from '../../db/schema';

/** The name a business goes by: its business name, else the owner's display name (profiles in scope). */
export const businessNameSql = sql<string>`coalesce(nullif(${profiles.businessName}, ''), nullif(${profiles.displayName}, ''), 'Business')`;
