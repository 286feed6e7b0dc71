DROP INDEX "service_requests_user_created_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "area_label" text;--> statement-breakpoint
CREATE INDEX "service_requests_user_archived_idx" ON "service_requests" USING btree ("user_id","archived_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "service_requests"."archived_at" is not null;--> statement-breakpoint
CREATE INDEX "service_requests_user_created_idx" ON "service_requests" USING btree ("user_id","created_at" DESC NULLS LAST);