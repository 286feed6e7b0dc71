import { sql } from 'drizzle-orm';
import { preparedSql } from '../../db/prepared';
import { businessNameSql } from '../profiles/business-name.sql';
import { customerNameSql, partyOf } from './conversations.repository';

/**
 * A chat message and its receiver's notice in ONE statement (docs/decisions/023): the conversation,
 * read only when the sender is one of its parties (the business, or the customer unless they ignored
 * the response) and held FOR SHARE so its status cannot change under the insert; the sender's earlier
 * message with the same clientId (a retry); the message, written only while the status allows
 * messaging and the clientId is new; and the notice, written only with a message. The notification's
 * trigger queues its push and SMS deliveries (drizzle/0024), the triggers of both announce them live.
 * The rules come from the domain: who is a party (partyOf, as every conversation read has it), which
 * statuses allow messaging ($6, canMessage); the server reads what happened from the row it returns.
 * Neither party may have blocked the other (issue 32): `blockers` says who did, for the refusal's words.
 *
 * $1 response id, $2 sender, $3 clientId or null, $4 text, $5 attachments, $6 messaging statuses,
 * $7 the notice after the sender's name.
 */
export const SEND_MESSAGE = preparedSql(
  'grip_send_message',
  sql`with conversation as (
    select business_responses.id, business_responses.request_id, business_responses.status,
      business_responses.business_user_id, service_requests.user_id as customer_id,
      ${businessNameSql} as business_name, ${customerNameSql} as customer_name,
      -- Issue 32: who of the two blocked the other (none: empty); a block in either direction stops
      -- the message here, in this statement, like a locked status does.
      array(select bk.blocker_id from blocks bk
        where (bk.blocker_id = business_responses.business_user_id and bk.blocked_id = service_requests.user_id)
          or (bk.blocker_id = service_requests.user_id and bk.blocked_id = business_responses.business_user_id)
      ) as blockers
    from business_responses
    join service_requests on service_requests.id = business_responses.request_id
    left join profiles on profiles.user_id = business_responses.business_user_id
    left join profiles customer_profiles on customer_profiles.user_id = service_requests.user_id
    left join users customer_users on customer_users.id = service_requests.user_id
    where business_responses.id = $1::uuid and ${partyOf(sql.raw('$2::text'))}
    for share of business_responses
  ),
  earlier as (
    select m.* from messages m where $3::uuid is not null and m.sender_id = $2::text and m.client_id = $3::uuid
  ),
  sent as (
    insert into messages (request_id, response_id, sender_id, receiver_id, message, message_type, attachments, client_id)
    select c.request_id, c.id, $2::text,
      case when c.business_user_id = $2::text then c.customer_id else c.business_user_id end,
      $4::text, 'text', $5::text[], $3::uuid
    from conversation c
    where c.status = any($6::text[]) and cardinality(c.blockers) = 0 and not exists (select 1 from earlier)
    on conflict (sender_id, client_id) where client_id is not null do nothing
    returning *
  ),
  notice as (
    insert into notifications (user_id, type, title, message, related_id)
    select s.receiver_id, 'new_message', 'New message',
      (case when c.business_user_id = $2::text then c.business_name else c.customer_name end) || $7::text,
      c.id::text
    from sent s, conversation c
  )
  select c.status, c.business_user_id as "businessUserId", c.customer_id as "customerId",
    c.business_name as "businessName", c.customer_name as "customerName", c.blockers,
    (select to_jsonb(e) from earlier e) as earlier, (select to_jsonb(s) from sent s) as sent
  from conversation c`,
);
