-- The outbox hands each row to a sender at most once: 'sending' is committed before the send, and a
-- row a stopped process left 'sending' becomes 'unknown' instead of being sent again (jobs/outbox.ts).
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_check";--> statement-breakpoint
CREATE INDEX "outbox_sending_idx" ON "outbox" USING btree ("run_at") WHERE "outbox"."status" = 'sending';--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending', 'sending', 'sent', 'logged', 'failed', 'unknown'));
