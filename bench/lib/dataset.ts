// The large-marketplace generator: SQL that builds the whole dataset inside the database with
// generate_series, so the same script loads PGlite and PostgreSQL and 1,000,000 rows never cross a
// socket. Every choice is a hash of the row number (hashint8extended), so a size always yields the
// same marketplace on either database.
import { SERVICE_CATALOGUE } from '@grip/domain';

/** The full suite's marketplace (issue 9); the quick variant and the growth steps scale it. */
export const FULL_SIZE: DatasetSize = {
  customers: 20_000,
  businesses: 2_000,
  requests: 100_000,
  responsesPerRequest: 3,
  messages: 1_000_000,
  notifications: 300_000,
};

/**
 * Requests arrive at a steady 100,000 a year (274 a day): a bigger dataset is a longer history, not a
 * busier day. That is how a marketplace grows, and it is what "stays fast as data grows" must survive.
 */
export const REQUESTS_PER_DAY = 274;

/** Metro areas with weights (of 20) by population, and suburbs whose names label the requests. */
const CITIES = [
  {
    state: 'NSW',
    lat: -33.8688,
    lng: 151.2093,
    weight: 5,
    suburbs: ['Surry Hills', 'Newtown', 'Parramatta', 'Bondi', 'Chatswood'],
  },
  {
    state: 'VIC',
    lat: -37.8136,
    lng: 144.9631,
    weight: 5,
    suburbs: ['Fitzroy', 'St Kilda', 'Brunswick', 'Richmond', 'Box Hill'],
  },
  {
    state: 'QLD',
    lat: -27.4698,
    lng: 153.0251,
    weight: 3,
    suburbs: ['West End', 'Paddington', 'Chermside', 'Indooroopilly'],
  },
  {
    state: 'WA',
    lat: -31.9523,
    lng: 115.8613,
    weight: 2,
    suburbs: ['Fremantle', 'Subiaco', 'Joondalup', 'Scarborough'],
  },
  {
    state: 'SA',
    lat: -34.9285,
    lng: 138.6007,
    weight: 2,
    suburbs: ['Norwood', 'Glenelg', 'Prospect', 'Unley'],
  },
  { state: 'ACT', lat: -35.2809, lng: 149.13, weight: 1, suburbs: ['Braddon', 'Belconnen', 'Kingston'] },
  {
    state: 'TAS',
    lat: -42.8821,
    lng: 147.3272,
    weight: 1,
    suburbs: ['Sandy Bay', 'Battery Point', 'Glenorchy'],
  },
  { state: 'NT', lat: -12.4634, lng: 130.8456, weight: 1, suburbs: ['Nightcliff', 'Parap', 'Stuart Park'] },
];

export interface DatasetSize {
  customers: number;
  businesses: number;
  requests: number;
  responsesPerRequest: number;
  messages: number;
  notifications: number;
}

const quote = (s: string | number) => `'${String(s).replace(/'/g, "''")}'`;

/** Scales the full marketplace to `requests` requests, keeping its proportions (at least 1 of each). */
export function sizeFor(requests: number, base: DatasetSize = FULL_SIZE): DatasetSize {
  const k = requests / base.requests;
  const at = (n: number) => Math.max(1, Math.round(n * k));
  return {
    customers: Math.max(50, at(base.customers)),
    // 64 businesses make one per (category group, city). Each request gets quotes from three of its
    // cell; with ten per cell a given business has answered about a third of its cell's requests.
    businesses: Math.max(640, at(base.businesses)),
    requests,
    responsesPerRequest: base.responsesPerRequest,
    messages: at(base.messages),
    notifications: at(base.notifications),
  };
}

/**
 * The statements that fill an empty, migrated Grip database. Triggers are off while loading (the live
 * log would otherwise write and announce a row per row); foreign keys are checked by construction.
 */
export function datasetSql(size: DatasetSize, now = new Date()): string[] {
  const { customers, businesses, requests, responsesPerRequest: k, messages, notifications } = size;
  const perCell = Math.max(1, Math.floor(businesses / 64));
  const responses = requests * k;
  const spacingSeconds = 86_400 / REQUESTS_PER_DAY;
  const services = SERVICE_CATALOGUE.flatMap((group, g) => group.services.map((name) => ({ g, name })));
  const slots = CITIES.flatMap((c, i) => Array.from({ length: c.weight }, () => i));
  const nowSql = `${quote(now.toISOString())}::timestamptz`;

  return [
    `set session_replication_role = replica`,
    // r(i, salt, n): a stable pseudo-random integer in [0, n).
    `create or replace function pg_temp.r(i bigint, salt bigint, n bigint) returns bigint
      language sql immutable as $$ select (hashint8extended(i, salt) & 9223372036854775807) % n $$`,
    `create temp table bench_services (idx int primary key, grp int, name text)`,
    `insert into bench_services values ${services.map((s, i) => `(${i}, ${s.g}, ${quote(s.name)})`).join(', ')}`,
    `create temp table bench_cities (idx int primary key, state text, lat float8, lng float8, suburbs text[])`,
    `insert into bench_cities values ${CITIES.map(
      (c, i) => `(${i}, ${quote(c.state)}, ${c.lat}, ${c.lng}, array[${c.suburbs.map(quote).join(', ')}])`,
    ).join(', ')}`,
    `create temp table bench_slots (slot int primary key, city int)`,
    `insert into bench_slots values ${slots.map((city, slot) => `(${slot}, ${city})`).join(', ')}`,

    // Customers and businesses: users + profiles. Business b serves category group b % 8 in city
    // (b / 8) % 8, so every (group, city) cell has `perCell` businesses to answer its requests.
    `insert into users (id, name, email, email_verified, created_at, updated_at)
      select 'bc-' || i, 'Customer ' || i, 'customer' || i || '@bench.grip.test', true, ${nowSql} - interval '400 days', ${nowSql} - interval '400 days'
      from generate_series(0, ${customers - 1}) i`,
    `insert into profiles (user_id, role, display_name, phone, created_at, updated_at)
      select 'bc-' || i, 'user', 'Customer ' || i, '04' || lpad((i % 100000000)::text, 8, '0'), ${nowSql} - interval '400 days', ${nowSql} - interval '400 days'
      from generate_series(0, ${customers - 1}) i`,
    `insert into users (id, name, email, email_verified, created_at, updated_at)
      select 'bb-' || i, 'Business ' || i, 'business' || i || '@bench.grip.test', true, ${nowSql} - interval '400 days', ${nowSql} - interval '400 days'
      from generate_series(0, ${businesses - 1}) i`,
    `insert into profiles (user_id, role, display_name, business_name, area_label, latitude, longitude,
        service_categories, service_area_km, description, created_at, updated_at)
      select 'bb-' || i, 'business_owner', 'Business ' || i, c.suburbs[1] || ' ' || g.names[1] || ' Co ' || i,
        c.suburbs[1] || ' ' || c.state,
        c.lat + (pg_temp.r(i, 11, 2001) - 1000) / 10000.0, c.lng + (pg_temp.r(i, 12, 2001) - 1000) / 10000.0,
        g.names, 25 + pg_temp.r(i, 13, 26)::int, 'Local and reliable since ' || (1990 + i % 30), ${nowSql} - interval '400 days', ${nowSql} - interval '400 days'
      from generate_series(0, ${businesses - 1}) i
      join bench_cities c on c.idx = (i / 8) % 8
      join (select grp, array_agg(name order by idx) names from bench_services group by grp) g on g.grp = i % 8`,

    // Requests, oldest first, one every ${spacingSeconds.toFixed(0)} s: the last two days are open;
    // older ones were mostly booked and completed, some cancelled, some left open to expire.
    `create temp table bench_requests as
      select i, md5('r' || i)::uuid id, s.idx service, s.grp, s.name, c.idx city, c.state,
        c.suburbs[1 + pg_temp.r(i, 3, cardinality(c.suburbs))::int] suburb,
        c.lat + (pg_temp.r(i, 4, 3001) - 1500) / 10000.0 lat, c.lng + (pg_temp.r(i, 5, 3001) - 1500) / 10000.0 lng,
        'bc-' || pg_temp.r(i, 6, ${customers}) user_id,
        ${nowSql} - make_interval(secs => (${requests - 1} - i) * ${spacingSeconds} + pg_temp.r(i, 7, 60)) created_at,
        case when (${requests - 1} - i) * ${spacingSeconds} < 172800 then 'open'
          else (array['completed','completed','completed','completed','completed','completed','completed','completed','completed','completed','completed',
            'cancelled','cancelled','cancelled','assigned','open','open','open','open','open'])[1 + pg_temp.r(i, 8, 20)::int] end status
      from generate_series(0, ${requests - 1}) i
      join bench_services s on s.idx = pg_temp.r(i, 1, ${services.length})
      join bench_slots sl on sl.slot = pg_temp.r(i, 2, ${slots.length})
      join bench_cities c on c.idx = sl.city`,
    `insert into service_requests (id, user_id, service_type, title, description, location_address, area_label,
        latitude, longitude, service_area_km, urgency, is_urgent, budget_min, budget_max, budget_type, status,
        created_at, updated_at)
      select id, user_id, name, name || ' in ' || suburb,
        'Looking for ' || lower(name) || ' near ' || suburb || '. Request ' || i || ': details, access and timing in the chat.',
        (1 + i % 300) || ' Example Street, ' || suburb || ' ' || state, suburb || ' ' || state, lat, lng,
        (array[10, 25, 25, 50])[1 + pg_temp.r(i, 9, 4)::int],
        (array['normal','normal','normal','urgent','low'])[1 + pg_temp.r(i, 10, 5)::int], pg_temp.r(i, 10, 5) = 3,
        100 + pg_temp.r(i, 14, 10) * 50, 200 + pg_temp.r(i, 14, 10) * 100, 'range', status, created_at, created_at
      from bench_requests`,

    // Responses: ${k} per request from businesses of the request's group and city; the first one is
    // the booked quote where the request was booked.
    `create temp table bench_responses as
      select r.i * ${k} + q.k s, md5('s' || (r.i * ${k} + q.k))::uuid id, r.id request_id, r.user_id customer_id,
        'bb-' || (r.grp + 8 * (r.city + 8 * ((pg_temp.r(r.i, 15, ${perCell}) + q.k) % ${perCell}))) business_id,
        r.created_at + make_interval(mins => 20 * (q.k + 1)) created_at,
        case when r.status in ('completed', 'assigned') and q.k = 0 then 'accepted'
          when r.status in ('completed', 'assigned') then 'rejected'
          when r.status = 'cancelled' then 'declined' else 'pending' end status,
        case when r.status = 'completed' and q.k = 0 then 'completed' else 'pending' end completion_status
      from bench_requests r cross join generate_series(0, ${k - 1}) q(k)`,
    `insert into business_responses (id, request_id, business_user_id, quoted_price, price_type, message, status,
        completion_status, completion_date, accepted_at, created_at, updated_at)
      select id, request_id, business_id, 80 + pg_temp.r(s, 16, 900), 'fixed',
        'Happy to help. We can come out this week; the price includes materials and call-out.', status, completion_status,
        case when completion_status = 'completed' then created_at + interval '3 days' end,
        case when status = 'accepted' then created_at + interval '2 hours' end, created_at, created_at
      from bench_responses`,

    // Messages: the chat of each response, alternating business and customer, read once a day old.
    `insert into messages (request_id, response_id, sender_id, receiver_id, message, message_type, created_at, read_at)
      select b.request_id, b.id,
        case when (j / ${responses}) % 2 = 0 then b.business_id else b.customer_id end,
        case when (j / ${responses}) % 2 = 0 then b.customer_id else b.business_id end,
        (array['Hi, is the weekend still good for you?', 'Yes, Saturday morning works.', 'Great, see you at 9.',
          'Could you send a photo of the area?', 'Sure, attaching it now.', 'Thanks, that helps a lot.'])[1 + (j % 6)],
        'text', b.created_at + make_interval(mins => 5 * (j / ${responses} + 1)),
        case when b.created_at < ${nowSql} - interval '1 day' then b.created_at + interval '1 day' end
      from generate_series(0, ${messages - 1}) j
      join bench_responses b on b.s = j % ${responses}`,

    // Notifications: businesses told of new requests, customers told of quotes; read once a week old.
    `insert into notifications (user_id, type, title, message, related_id, created_at, read_at)
      select case when n % 2 = 0 then b.business_id else b.customer_id end,
        case when n % 2 = 0 then 'new_request' else 'new_response' end,
        case when n % 2 = 0 then 'New service request' else 'New quote received' end,
        case when n % 2 = 0 then 'A customer near you needs help.' else 'A business sent you a quote.' end,
        case when n % 2 = 0 then b.request_id::text else b.id::text end,
        b.created_at - interval '10 minutes',
        case when b.created_at < ${nowSql} - interval '7 days' then b.created_at + interval '1 hour' end
      from generate_series(0, ${notifications - 1}) n
      join bench_responses b on b.s = (n::bigint * 7919) % ${responses}`,

    `drop table bench_responses`,
    `drop table bench_requests`,
    `set session_replication_role = origin`,
    `analyze`,
  ];
}
