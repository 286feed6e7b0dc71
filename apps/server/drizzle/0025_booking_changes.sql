CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "reschedule_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"response_id" uuid NOT NULL,
	"proposed_by" text NOT NULL,
	"proposer_user_id" text NOT NULL,
	"proposed_date" date NOT NULL,
	"proposed_time" time,
	"previous_date" date,
	"previous_time" time,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "reschedule_proposals_status_check" CHECK ("reschedule_proposals"."status" in ('pending', 'accepted', 'declined', 'withdrawn', 'closed')),
	CONSTRAINT "reschedule_proposals_proposed_by_check" CHECK ("reschedule_proposals"."proposed_by" in ('customer', 'business'))
);
--> statement-breakpoint
ALTER TABLE "business_responses" DROP CONSTRAINT "business_responses_status_check";--> statement-breakpoint
ALTER TABLE "business_responses" DROP CONSTRAINT "business_responses_completion_status_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "business_responses" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_responses" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "business_responses" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "business_responses" ADD COLUMN "cancellation_note" text;--> statement-breakpoint
ALTER TABLE "business_responses" ADD COLUMN "is_late_cancellation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reschedule_proposals" ADD CONSTRAINT "reschedule_proposals_response_id_business_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."business_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reschedule_proposals" ADD CONSTRAINT "reschedule_proposals_proposer_user_id_users_id_fk" FOREIGN KEY ("proposer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reschedule_proposals_one_open_key" ON "reschedule_proposals" USING btree ("response_id") WHERE "reschedule_proposals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reschedule_proposals_response_idx" ON "reschedule_proposals" USING btree ("response_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "business_responses_late_cancellations_idx" ON "business_responses" USING btree ("business_user_id","cancelled_at") WHERE "business_responses"."is_late_cancellation";--> statement-breakpoint
ALTER TABLE "business_responses" ADD CONSTRAINT "business_responses_cancelled_by_check" CHECK ("business_responses"."cancelled_by" is null or "business_responses"."cancelled_by" in ('customer', 'business'));--> statement-breakpoint
ALTER TABLE "business_responses" ADD CONSTRAINT "business_responses_cancellation_reason_check" CHECK ("business_responses"."cancellation_reason" is null or "business_responses"."cancellation_reason" in ('schedule_conflict', 'no_longer_needed', 'found_alternative', 'price_or_scope', 'no_response', 'other'));--> statement-breakpoint
ALTER TABLE "business_responses" ADD CONSTRAINT "business_responses_status_check" CHECK ("business_responses"."status" in ('pending', 'accepted', 'rejected', 'declined', 'ignored', 'in_progress', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "business_responses" ADD CONSTRAINT "business_responses_completion_status_check" CHECK ("business_responses"."completion_status" in ('pending', 'in_progress', 'completed', 'contested', 'archived', 'cancelled'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('business_address_changed', 'booking_cancelled', 'booking_rescheduled'));