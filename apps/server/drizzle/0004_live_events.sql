CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"op" text NOT NULL,
	"entity_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_events_kind_check" CHECK ("live_events"."kind" in ('request', 'response', 'message', 'notification')),
	CONSTRAINT "live_events_op_check" CHECK ("live_events"."op" in ('created', 'updated'))
);
--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
-- Every change of a request, response, message or notification is logged and announced on commit
-- (pg_notify is transactional: a rolled-back change announces nothing). The payload is ids only.
CREATE FUNCTION "grip_publish_live_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_kind text := TG_ARGV[0];
  event_op text := CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END;
  event_id bigint;
BEGIN
  INSERT INTO "live_events" ("kind", "op", "entity_id") VALUES (event_kind, event_op, NEW."id"::text)
    RETURNING "id" INTO event_id;
  PERFORM pg_notify('grip_live_events', event_id || ':' || event_kind || ':' || event_op || ':' || NEW."id"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "service_requests_live_insert" AFTER INSERT ON "service_requests" FOR EACH ROW EXECUTE FUNCTION "grip_publish_live_event"('request');--> statement-breakpoint
CREATE TRIGGER "service_requests_live_update" AFTER UPDATE ON "service_requests" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "grip_publish_live_event"('request');--> statement-breakpoint
CREATE TRIGGER "business_responses_live_insert" AFTER INSERT ON "business_responses" FOR EACH ROW EXECUTE FUNCTION "grip_publish_live_event"('response');--> statement-breakpoint
CREATE TRIGGER "business_responses_live_update" AFTER UPDATE ON "business_responses" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "grip_publish_live_event"('response');--> statement-breakpoint
CREATE TRIGGER "messages_live_insert" AFTER INSERT ON "messages" FOR EACH ROW EXECUTE FUNCTION "grip_publish_live_event"('message');--> statement-breakpoint
CREATE TRIGGER "messages_live_update" AFTER UPDATE ON "messages" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "grip_publish_live_event"('message');--> statement-breakpoint
CREATE TRIGGER "notifications_live_insert" AFTER INSERT ON "notifications" FOR EACH ROW EXECUTE FUNCTION "grip_publish_live_event"('notification');--> statement-breakpoint
CREATE TRIGGER "notifications_live_update" AFTER UPDATE ON "notifications" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "grip_publish_live_event"('notification');
