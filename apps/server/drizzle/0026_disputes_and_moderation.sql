CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"response_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'awaiting_business' NOT NULL,
	"answer_kind" text,
	"answer" text,
	"answered_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"outcome" text,
	"decision_note" text,
	"decided_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" in ('awaiting_business', 'awaiting_customer', 'escalated', 'resolved')),
	CONSTRAINT "disputes_answer_kind_check" CHECK ("disputes"."answer_kind" is null or "disputes"."answer_kind" in ('fix_offered', 'explanation')),
	CONSTRAINT "disputes_outcome_check" CHECK ("disputes"."outcome" is null or "disputes"."outcome" in ('accepted', 'for_customer', 'for_business'))
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_pkey" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self_check" CHECK ("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"reported_user_id" text,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"handled_by" text,
	"handled_at" timestamp with time zone,
	"handling_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_target_kind_check" CHECK ("reports"."target_kind" in ('user', 'message', 'request', 'review')),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('spam', 'harassment', 'fraud', 'inappropriate', 'no_show', 'other')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'dismissed', 'warned', 'suspended'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_response_id_business_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."business_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_user_id_users_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_one_open_key" ON "disputes" USING btree ("response_id") WHERE "disputes"."status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "disputes_response_idx" ON "disputes" USING btree ("response_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disputes_escalated_idx" ON "disputes" USING btree ("escalated_at","id") WHERE "disputes"."status" = 'escalated';--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at","id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_reported_user_idx" ON "reports" USING btree ("reported_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_reporter_target_idx" ON "reports" USING btree ("reporter_id","target_kind","target_id");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('business_address_changed', 'booking_cancelled', 'booking_rescheduled', 'dispute_decided', 'report_handled'));--> statement-breakpoint
-- Jobs contested before disputes existed open one now, waiting for the business, with their reason.
INSERT INTO "disputes" ("response_id", "reason", "status", "created_at", "updated_at")
SELECT br."id", coalesce(nullif(br."contest_reason", ''), 'No reason was recorded.'), 'awaiting_business', br."updated_at", br."updated_at"
FROM "business_responses" br
WHERE br."completion_status" = 'contested'
  AND NOT EXISTS (SELECT 1 FROM "disputes" d WHERE d."response_id" = br."id" AND d."status" <> 'resolved');
