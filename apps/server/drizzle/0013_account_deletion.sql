-- Deleted accounts: anonymised in place, marked when.
ALTER TABLE "profiles" ADD COLUMN "deleted_at" timestamp with time zone;