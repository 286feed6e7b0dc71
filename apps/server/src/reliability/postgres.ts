import pg from 'pg';

/**
 * The PostgreSQL server the reliability suite may use for its PostgreSQL parts (races, crashes). CI
 * passes RELIABILITY_PG_URL; locally the usual test server on 127.0.0.1:5432 is tried. When none
 * answers, those parts are skipped with this reason, never silently passed.
 */
export const reliabilityPgUrl =
  process.env.RELIABILITY_PG_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

export const NO_POSTGRES = `no PostgreSQL answers at ${reliabilityPgUrl} (set RELIABILITY_PG_URL)`;

/** True when the PostgreSQL server answers within three seconds. */
export async function postgresAnswers(url = reliabilityPgUrl): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
