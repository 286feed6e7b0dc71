ALTER TABLE "live_events" ADD COLUMN "is_open_to_matches" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A request's matching businesses may hear of it only while it is (or was, until this change) open and
-- unarchived; the flag travels in the payload as a fifth field.
CREATE OR REPLACE FUNCTION "grip_publish_live_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_kind text := TG_ARGV[0];
  event_op text := CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END;
  open_to_matches boolean := false;
  event_id bigint;
BEGIN
  IF event_kind = 'request' THEN
    open_to_matches := (NEW."status" = 'open' AND NEW."archived_at" IS NULL);
    IF TG_OP = 'UPDATE' THEN
      open_to_matches := open_to_matches OR (OLD."status" = 'open' AND OLD."archived_at" IS NULL);
    END IF;
  END IF;
  INSERT INTO "live_events" ("kind", "op", "entity_id", "is_open_to_matches")
    VALUES (event_kind, event_op, NEW."id"::text, open_to_matches)
    RETURNING "id" INTO event_id;
  PERFORM pg_notify('grip_live_events',
    event_id || ':' || event_kind || ':' || event_op || ':' || NEW."id"::text || ':' || CASE WHEN open_to_matches THEN '1' ELSE '0' END);
  RETURN NULL;
END
$$;
