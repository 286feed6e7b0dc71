ALTER TABLE "live_events" ADD COLUMN "audience" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Issue 29: no more pg_notify. A transaction that issued NOTIFY commits behind one global lock, which
-- halved the rate of message sends; every server process now reads new rows by id instead
-- (modules/live/live-hub.ts). The row is still written in the changing transaction, so a rolled-back
-- change records nothing. It also names who may hear of the change when that is fixed at write time,
-- so delivering it needs no lookup: a message's sender and receiver, a notification's user, a
-- response's business and its request's owner (one primary-key read), a request's owner. A request's
-- responders and matching businesses depend on who is connected, and stay the hub's to look up.
CREATE OR REPLACE FUNCTION "grip_publish_live_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_kind text := TG_ARGV[0];
  event_op text := CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END;
  open_to_matches boolean := false;
  users text[];
BEGIN
  IF event_kind = 'request' THEN
    open_to_matches := (NEW."status" = 'open' AND NEW."archived_at" IS NULL);
    IF TG_OP = 'UPDATE' THEN
      open_to_matches := open_to_matches OR (OLD."status" = 'open' AND OLD."archived_at" IS NULL);
    END IF;
    users := ARRAY[NEW."user_id"];
  ELSIF event_kind = 'message' THEN
    users := ARRAY[NEW."sender_id", NEW."receiver_id"];
  ELSIF event_kind = 'notification' THEN
    users := ARRAY[NEW."user_id"];
  ELSIF event_kind = 'response' THEN
    users := ARRAY[NEW."business_user_id",
      (SELECT sr."user_id" FROM "service_requests" sr WHERE sr."id" = NEW."request_id")];
  END IF;
  INSERT INTO "live_events" ("kind", "op", "entity_id", "is_open_to_matches", "audience")
    VALUES (event_kind, event_op, NEW."id"::text, open_to_matches,
      array_remove(coalesce(users, '{}'::text[]), NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The events still kept (a day at most) get their audience too, so replay reads every row alike.
UPDATE "live_events" e SET "audience" = array_remove(ARRAY[m."sender_id", m."receiver_id"], NULL)
  FROM "messages" m WHERE e."kind" = 'message' AND m."id"::text = e."entity_id";--> statement-breakpoint
UPDATE "live_events" e SET "audience" = ARRAY[n."user_id"]
  FROM "notifications" n WHERE e."kind" = 'notification' AND n."id"::text = e."entity_id";--> statement-breakpoint
UPDATE "live_events" e SET "audience" = ARRAY[r."business_user_id", sr."user_id"]
  FROM "business_responses" r JOIN "service_requests" sr ON sr."id" = r."request_id"
  WHERE e."kind" = 'response' AND r."id"::text = e."entity_id";--> statement-breakpoint
UPDATE "live_events" e SET "audience" = ARRAY[sr."user_id"]
  FROM "service_requests" sr WHERE e."kind" = 'request' AND sr."id"::text = e."entity_id";
