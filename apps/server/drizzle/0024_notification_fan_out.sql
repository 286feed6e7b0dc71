CREATE TABLE "notification_fan_out" (
	"notification_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_fan_out" ADD CONSTRAINT "notification_fan_out_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_fan_out_created_idx" ON "notification_fan_out" USING btree ("created_at");--> statement-breakpoint
-- Every notification waits here for its push and SMS deliveries, added in the transaction that
-- creates it (so a rolled-back write queues nothing) and by the statement, not the row, so a fan-out
-- to thousands of businesses costs one insert. Notifications older than this migration were fanned out
-- when they were made.
CREATE FUNCTION "grip_queue_notification_fan_out"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "notification_fan_out" ("notification_id") SELECT "id" FROM new_notifications;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notifications_fan_out" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS new_notifications
  FOR EACH STATEMENT EXECUTE FUNCTION "grip_queue_notification_fan_out"();
