-- My Requests splits Active from Expired by each request's last activity; this keeps that figure in a
-- table of its own, indexed by owner, so the Active list stays as fast at ten years of history as at one.
CREATE TABLE "request_activity" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_activity" ADD CONSTRAINT "request_activity_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_activity_user_last_idx" ON "request_activity" USING btree ("user_id","last_activity_at");--> statement-breakpoint
-- The figure is worked out afresh from the request and its quotes on every change (so moving a date
-- back, or removing a quote, moves it back too), and written by the changing transaction itself.
CREATE FUNCTION "grip_refresh_request_activity"(request uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "request_activity" ("request_id", "user_id", "last_activity_at")
  SELECT r."id", r."user_id", greatest(r."updated_at",
    (SELECT max(greatest(br."created_at", br."updated_at")) FROM "business_responses" br WHERE br."request_id" = r."id"))
  FROM "service_requests" r WHERE r."id" = request
  ON CONFLICT ("request_id") DO UPDATE
    SET "user_id" = excluded."user_id", "last_activity_at" = excluded."last_activity_at";
$$;--> statement-breakpoint
CREATE FUNCTION "grip_request_activity_of_request"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "grip_refresh_request_activity"(NEW."id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "grip_request_activity_of_response"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "grip_refresh_request_activity"(OLD."request_id"); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."request_id" IS DISTINCT FROM OLD."request_id") THEN
    PERFORM "grip_refresh_request_activity"(NEW."request_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "service_requests_activity" AFTER INSERT OR UPDATE OF "updated_at", "user_id" ON "service_requests" FOR EACH ROW EXECUTE FUNCTION "grip_request_activity_of_request"();--> statement-breakpoint
CREATE TRIGGER "business_responses_activity" AFTER INSERT OR DELETE OR UPDATE OF "created_at", "updated_at", "request_id" ON "business_responses" FOR EACH ROW EXECUTE FUNCTION "grip_request_activity_of_response"();--> statement-breakpoint
INSERT INTO "request_activity" ("request_id", "user_id", "last_activity_at")
SELECT r."id", r."user_id", greatest(r."updated_at",
  (SELECT max(greatest(br."created_at", br."updated_at")) FROM "business_responses" br WHERE br."request_id" = r."id"))
FROM "service_requests" r;
