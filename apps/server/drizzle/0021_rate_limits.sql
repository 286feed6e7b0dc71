-- Rate limits shared by every process (decision 022). UNLOGGED: a counted try need not wait for the
-- write-ahead log; a crash or failover empties the table, as a restart emptied the old memory store.
-- IF NOT EXISTS and SET UNLOGGED: a database that ran before this migration has the library's own table.
CREATE UNLOGGED TABLE IF NOT EXISTS "rate_limits" ("key" varchar(255) PRIMARY KEY NOT NULL, "points" integer DEFAULT 0 NOT NULL, "expire" bigint);
--> statement-breakpoint
ALTER TABLE "rate_limits" SET UNLOGGED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");
