import { sql } from 'drizzle-orm';
import { preparedSql } from '../../db/prepared';

/**
 * A business's quote, the customer's notice and their email in ONE statement (docs/decisions/023),
 * written only if the request is still the version the server judged it by: `xmin` changes with every
 * update of the row, and FOR NO KEY UPDATE waits for a write in progress and then compares the row as
 * committed. So the customer's edit lands wholly before this quote (nothing is written; the server
 * reads again and judges again) or after it, as under the lock the transaction used to take; and
 * quotes on one request still take turns (their trigger recomputes its last activity, drizzle/0016).
 * The notification's trigger queues its push and SMS deliveries (drizzle/0024).
 *
 * $1 request id, $2 the request's xmin as read, $3 business, $4 the response's columns as JSON,
 * $5 the notice, $6 the email's recipient (null: no email), $7 the email's payload.
 */
export const SUBMIT_QUOTE = preparedSql(
  'grip_submit_quote',
  sql`with request as (
    select r.id, r.user_id from service_requests r
    where r.id = $1::uuid and r.xmin = $2::text::xid
    for no key update
  ),
  response as (
    insert into business_responses (request_id, business_user_id, quoted_price, price_type, message,
      availability_date, availability_time, estimated_duration, terms_conditions, engagement_notes,
      proof_images, is_accepted_as_is, agreed_request_version, status, created_at, updated_at)
    select q.id, $3::text, v.quoted_price, v.price_type, v.message,
      v.availability_date, v.availability_time, v.estimated_duration, v.terms_conditions, v.engagement_notes,
      v.proof_images, v.is_accepted_as_is, v.agreed_request_version, v.status, v.created_at, v.updated_at
    from request q, jsonb_populate_record(null::business_responses, $4::jsonb) v
    on conflict (request_id, business_user_id) do nothing
    returning id, status
  ),
  notice as (
    insert into notifications (user_id, type, title, message, related_id)
    select q.user_id, 'new_response', 'New response', $5::text, q.id::text from response, request q
  ),
  email as (
    insert into outbox (channel, topic, recipient, payload, request_id, user_id)
    select 'email', 'new_response', $6::text, $7::jsonb, q.id, q.user_id
    from response, request q where $6::text is not null
  )
  select exists (select 1 from request) as "requestHeld", (select to_jsonb(x) from response x) as created`,
);
