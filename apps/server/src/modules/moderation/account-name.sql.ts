import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The name an account goes by to the other side and to administrators: a business's name, else the
 * display name, else the account's name. `profile` and `user` are the (possibly aliased) tables in scope.
 */
export function accountNameSql(
  profile: { role: AnyPgColumn; businessName: AnyPgColumn; displayName: AnyPgColumn },
  user: { name: AnyPgColumn },
): SQL<string> {
  return sql<string>`coalesce(
    case when ${profile.role} = 'business_owner' then nullif(${profile.businessName}, '') end,
    nullif(${profile.displayName}, ''),
    nullif(${user.name}, ''),
    'Grip member')`;
}

/**
 * A quote stands between the two accounts, in either direction: the one of them that is a business
 * answered a request of the other. Every conversation and booking starts from one, so this is "they
 * have dealt with each other" (issue 32: who may block and report whom).
 */
export function haveDealtSql(a: SQL, b: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from business_responses br
    join service_requests sr on sr.id = br.request_id
    where (br.business_user_id = ${a} and sr.user_id = ${b}) or (br.business_user_id = ${b} and sr.user_id = ${a}))`;
}
