ALTER TABLE "business_responses" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_responses" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
-- Accepted before this column existed: the last change of an accepted response is the best date known.
UPDATE "business_responses" SET "accepted_at" = "updated_at" WHERE "status" = 'accepted' AND "accepted_at" IS NULL;--> statement-breakpoint
-- Archiving used to overwrite completion_status; it is the business's own flag now, and the shared
-- status goes back to what the customer's side reads.
UPDATE "business_responses" SET "archived_at" = "updated_at",
  "completion_status" = CASE WHEN "completion_date" IS NOT NULL THEN 'completed' ELSE 'pending' END
  WHERE "completion_status" = 'archived';
