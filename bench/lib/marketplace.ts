// A benchmark marketplace on either database: Grip's own migrations (by starting the built server
// once), the benchmark's two accounts signed up through the real API, the generated dataset loaded,
// and the two accounts placed in it as a busy customer and a busy business.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { datasetSql, type DatasetSize } from './dataset';
import { ROOT, startGrip } from './processes';

export const BENCH_PASSWORD = 'bench-Password-9431';
export const BENCH_CUSTOMER = 'bench.customer@grip.test';
export const BENCH_BUSINESS = 'bench.business@grip.test';
/** Open requests the business quotes on in the quote benchmark (one quote each): more than a full run sends. */
export const QUOTE_TARGETS = 16_000;
/** Messages in the conversation whose page is measured. */
const THREAD_LENGTH = 120;
/** Further booked conversations of the customer: sends are spread over them, as over real ones. */
export const OTHER_BOOKINGS = 49;

export type DatabaseKind = 'postgres' | 'pglite';

export interface Marketplace {
  kind: DatabaseKind;
  databaseUrl?: string;
  dataDir: string;
  size: DatasetSize;
  /** The conversation between the two benchmark accounts. */
  conversationId: string;
  /** The customer's booked conversations with other businesses (sends go round them). */
  otherConversationIds: string[];
  /** Requests the business may quote on, one per quote. */
  quoteTargets: string[];
  loadSeconds: number;
}

interface Sql {
  query<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

async function connect(kind: DatabaseKind, databaseUrl: string | undefined, dataDir: string): Promise<Sql> {
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      query: async <T>(text: string) => (await client.query(text)).rows as T[],
      close: () => client.end(),
    };
  }
  const db = await PGlite.create(dataDir);
  return {
    query: async <T>(text: string) => (await db.query<T>(text)).rows,
    close: () => db.close(),
  };
}

/** A new, empty database: a PostgreSQL database of its own, or a fresh embedded data directory. */
async function createEmpty(kind: DatabaseKind, adminUrl: string, name: string, dataDir: string) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  if (kind === 'pglite') return undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function signUp(base: string, email: string, name: string) {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, name, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-up of ${email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { user: { id: string } }).user.id;
}

/** Signs in through the API and returns the Cookie header that carries the session. */
export async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return cookieHeaderFrom(res);
}

/** The Cookie header a browser would send back after this answer (its Set-Cookie names and values). */
export function cookieHeaderFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The two accounts take over generated ones, so they have a real history in the big marketplace. */
function placeActorsSql(customerId: string, businessId: string, customers: number, now: Date): string[] {
  const c = lit(customerId);
  const b = lit(businessId);
  const taken = `('bc-0','bc-1','bc-2','bc-3','bc-4','bc-5','bc-6','bc-7','bc-8','bc-9')`;
  const at = `${lit(now.toISOString())}::timestamptz`;
  return [
    `set session_replication_role = replica`,
    `update service_requests set user_id = ${c} where user_id in ${taken}`,
    `update messages set sender_id = ${c} where sender_id in ${taken}`,
    `update messages set receiver_id = ${c} where receiver_id in ${taken}`,
    `update notifications set user_id = ${c} where user_id in ${taken}`,
    // Business 1 serves Home & Property Services in Sydney, the busiest cell of the marketplace.
    `update business_responses set business_user_id = ${b} where business_user_id = 'bb-1'`,
    `update messages set sender_id = ${b} where sender_id = 'bb-1'`,
    `update messages set receiver_id = ${b} where receiver_id = 'bb-1'`,
    `update notifications set user_id = ${b} where user_id = 'bb-1'`,
    // Profiles are made on first use; the business's may not exist yet.
    `insert into profiles (user_id, role, display_name, business_name, area_label, latitude, longitude,
        service_categories, service_area_km)
      select ${b}, 'business_owner', 'Bench Business', 'Bench Plumbing & Electrical', area_label, latitude, longitude,
        service_categories, 50 from profiles where user_id = 'bb-1'
      on conflict (user_id) do update set role = excluded.role, business_name = excluded.business_name,
        area_label = excluded.area_label, latitude = excluded.latitude, longitude = excluded.longitude,
        service_categories = excluded.service_categories, service_area_km = excluded.service_area_km`,
    // Their conversation: the customer booked the business's quote on their newest open request.
    `insert into business_responses (id, request_id, business_user_id, quoted_price, message, status, accepted_at,
        created_at, updated_at)
      select md5('bench-thread')::uuid, r.id, ${b}, 240, 'Happy to help with this one.', 'accepted', ${at} - interval '2 hours',
        ${at} - interval '3 hours', ${at} - interval '2 hours'
      from service_requests r
      where r.user_id = ${c} and r.status = 'open'
        and not exists (select 1 from business_responses x where x.request_id = r.id and x.business_user_id = ${b})
      order by r.created_at desc limit 1`,
    `insert into messages (request_id, response_id, sender_id, receiver_id, message, created_at, read_at)
      select s.request_id, s.id, case when i % 2 = 0 then ${b} else ${c} end, case when i % 2 = 0 then ${c} else ${b} end,
        'Message ' || i || ' about access, timing and the parts needed.', ${at} - make_interval(mins => 170 - i), ${at}
      from business_responses s, generate_series(1, ${THREAD_LENGTH}) i where s.id = md5('bench-thread')::uuid`,
    `update service_requests set status = 'assigned'
      where id = (select request_id from business_responses where id = md5('bench-thread')::uuid)`,
    `update business_responses set status = 'rejected'
      where request_id = (select request_id from business_responses where id = md5('bench-thread')::uuid)
        and id <> md5('bench-thread')::uuid`,
    // The customer's other bookings, three days old, each with a business of its cell.
    `insert into service_requests (id, user_id, service_type, title, description, location_address, area_label,
        latitude, longitude, service_area_km, status, created_at, updated_at)
      select md5('bench-booking-' || i)::uuid, ${c}, 'Handyman', 'Odd jobs ' || i, 'Shelves to hang and a door that sticks.',
        i || ' Bourke Street, Surry Hills NSW', 'Surry Hills NSW', -33.8847, 151.2093, 25, 'assigned',
        ${at} - interval '3 days', ${at} - interval '3 days'
      from generate_series(1, ${OTHER_BOOKINGS}) i`,
    `insert into business_responses (id, request_id, business_user_id, quoted_price, message, status, accepted_at,
        created_at, updated_at)
      select md5('bench-booked-' || i)::uuid, md5('bench-booking-' || i)::uuid, 'bb-' || (1 + 8 * (i % 8) + 64 * (i / 8)),
        150, 'Booked for Thursday.', 'accepted', ${at} - interval '70 hours', ${at} - interval '71 hours', ${at} - interval '70 hours'
      from generate_series(1, ${OTHER_BOOKINGS}) i`,
    // Requests to quote on: open, matching the business, 30 hours old (the About to Expire group, so
    // the New group measured by the feed benchmark is the generated marketplace's own).
    `insert into service_requests (id, user_id, service_type, title, description, location_address, area_label,
        latitude, longitude, service_area_km, status, created_at, updated_at)
      select md5('quote-target-' || i)::uuid, 'bc-' || (10 + i % ${customers - 10}), 'Plumbing', 'Leaking tap ' || i,
        'The kitchen tap drips all night; please quote for a fix.', i || ' Crown Street, Surry Hills NSW', 'Surry Hills NSW',
        -33.8847, 151.2093, 25, 'open', ${at} - interval '30 hours' + make_interval(secs => i), ${at} - interval '30 hours'
      from generate_series(1, ${QUOTE_TARGETS}) i`,
    // What the triggers keep, for everything loaded with them off (drizzle/0016).
    `insert into request_activity (request_id, user_id, last_activity_at)
      select r.id, r.user_id, greatest(r.updated_at,
        (select max(greatest(br.created_at, br.updated_at)) from business_responses br where br.request_id = r.id))
      from service_requests r
      on conflict (request_id) do update set last_activity_at = excluded.last_activity_at`,
    `set session_replication_role = origin`,
    `analyze`,
  ];
}

/** Builds a benchmark marketplace of `size` on a new database and leaves no server running. */
export async function buildMarketplace(options: {
  kind: DatabaseKind;
  adminUrl: string;
  name: string;
  size: DatasetSize;
  port: number;
  log: (line: string) => void;
}): Promise<Marketplace> {
  const dataDir = path.join(ROOT, '.tmp/bench', options.name);
  const databaseUrl = await createEmpty(options.kind, options.adminUrl, options.name, dataDir);
  const server = await startGrip({ port: options.port, databaseUrl, dataDir });
  let customerId: string;
  let businessId: string;
  try {
    customerId = await signUp(server.url, BENCH_CUSTOMER, 'Bench Customer');
    businessId = await signUp(server.url, BENCH_BUSINESS, 'Bench Business');
  } finally {
    await server.stop();
  }

  const started = performance.now();
  const now = new Date();
  const sql = await connect(options.kind, databaseUrl, dataDir);
  try {
    for (const statement of [
      ...datasetSql(options.size, now),
      ...placeActorsSql(customerId, businessId, options.size.customers, now),
    ]) {
      await sql.query(statement);
    }
    // The load's writes are flushed now, not by a checkpoint in the middle of a measured phase (where
    // every commit's WAL flush would wait behind it). Needs a role that may checkpoint; else skipped.
    if (options.kind === 'postgres') await sql.query('checkpoint').catch(() => undefined);
    const targets = await sql.query<{ id: string }>(
      `select id from service_requests where title like 'Leaking tap %' order by created_at`,
    );
    const loadSeconds = (performance.now() - started) / 1000;
    options.log(
      `  ${options.kind}: ${options.size.requests.toLocaleString('en')} requests loaded in ${loadSeconds.toFixed(0)} s`,
    );
    return {
      kind: options.kind,
      databaseUrl,
      dataDir,
      size: options.size,
      conversationId: (await sql.query<{ id: string }>(`select md5('bench-thread')::uuid::text id`))[0]!.id,
      otherConversationIds: (
        await sql.query<{ id: string }>(
          `select md5('bench-booked-' || i)::uuid::text id from generate_series(1, ${OTHER_BOOKINGS}) i`,
        )
      ).map((r) => r.id),
      quoteTargets: targets.map((t) => t.id),
      loadSeconds,
    };
  } finally {
    await sql.close();
  }
}
