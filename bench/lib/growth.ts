// Growth: the matching feed and My Requests on PostgreSQL as the marketplace's history grows from
// 10,000 to 1,000,000 requests. Latency must stay flat, and the plans must stay index-backed: the
// queries are captured from the server's own services (the code the routes run) and EXPLAINed.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { BusinessFeedQuerySchema, MyRequestListQuerySchema } from '@grip/domain';
import * as schema from '../../apps/server/src/db/schema';
import type { Db } from '../../apps/server/src/db/client';
import { listFeedPage } from '../../apps/server/src/modules/business-feed/business-feed.service';
import { getOrCreateProfile } from '../../apps/server/src/modules/profiles/profiles.service';
import { listMine } from '../../apps/server/src/modules/requests/requests.service';
import { BENCH_BUSINESS, BENCH_CUSTOMER } from './marketplace';

/** Tables that grow with the marketplace: a sequential scan over any of them is a finding. */
export const BIG_TABLES = [
  'service_requests',
  'business_responses',
  'messages',
  'notifications',
  'users',
  'profiles',
];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScansIn(node: PlanNode, found: Set<string>) {
  if (
    node['Node Type'] === 'Seq Scan' &&
    node['Relation Name'] &&
    BIG_TABLES.includes(node['Relation Name'])
  ) {
    found.add(node['Relation Name']);
  }
  for (const child of node.Plans ?? []) seqScansIn(child, found);
}

/** A statement parameter as an SQL literal (strings, numbers, booleans, null and text arrays). */
function literal(client: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return client.escapeLiteral(
      `{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`,
    );
  return client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value));
}

export interface QueryPlans {
  /** Per route: the tables read by a sequential scan in any of its queries. */
  seqScans: Record<string, string[]>;
  /** The captured statements, for the record. */
  statements: Record<string, string[]>;
}

/**
 * Runs the feed's and My Requests' service code against the database with a logger that records
 * every statement, then EXPLAINs each one with its parameters.
 */
export async function explainRoutes(databaseUrl: string): Promise<QueryPlans> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const captured: { text: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (text, params) => void captured.push({ text, params }) },
  }) as unknown as Db;
  const seqScans: Record<string, string[]> = {};
  const statements: Record<string, string[]> = {};
  try {
    const ids = await pool.query<{ email: string; id: string; name: string }>(
      `select email, id, name from users where email in ($1, $2)`,
      [BENCH_CUSTOMER, BENCH_BUSINESS],
    );
    const idOf = (email: string) => ids.rows.find((r) => r.email === email)!;
    const now = new Date();
    const routes: Record<string, () => Promise<unknown>> = {
      'matching feed': async () => {
        const b = idOf(BENCH_BUSINESS);
        const profile = await getOrCreateProfile(db, b.id, b.name);
        return listFeedPage(db, profile, BusinessFeedQuerySchema.parse({ group: 'new' }), now);
      },
      'my requests': async () =>
        listMine(db, idOf(BENCH_CUSTOMER).id, MyRequestListQuerySchema.parse({ section: 'active' }), now),
    };
    for (const [name, run] of Object.entries(routes)) {
      captured.length = 0;
      await run();
      const found = new Set<string>();
      for (const q of captured) {
        const res = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `explain (format json) ${q.text}`,
          q.params,
        );
        seqScansIn(res.rows[0]!['QUERY PLAN'][0].Plan, found);
        // A prepared statement (the feed's) may run on PostgreSQL's generic plan, made without its
        // values: that plan must not scan the big tables either.
        const client = await pool.connect();
        try {
          await client.query(`set plan_cache_mode = force_generic_plan`);
          await client.query(`prepare growth_check as ${q.text}`);
          // EXPLAIN EXECUTE takes its values in the statement, as literals.
          const args = q.params.map((p) => literal(client, p)).join(', ');
          const generic = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
            `explain (format json) execute growth_check${args ? `(${args})` : ''}`,
          );
          seqScansIn(generic.rows[0]!['QUERY PLAN'][0].Plan, found);
        } finally {
          await client.query(`deallocate all`).catch(() => undefined);
          await client.query(`reset plan_cache_mode`).catch(() => undefined);
          client.release();
        }
      }
      seqScans[name] = [...found];
      statements[name] = captured.map((q) => q.text);
    }
    return { seqScans, statements };
  } finally {
    await pool.end();
  }
}
