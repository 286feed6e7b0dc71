-- Servers keep sessions they have just checked for a few seconds (auth/session-cache.ts). Whenever a
-- session is changed or ended, or its account changed or removed, every server hears of it on commit
-- and forgets what it kept: a revocation takes effect at once, in every process.
CREATE FUNCTION "grip_announce_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('grip_sessions', TG_ARGV[0] || ':' || OLD."id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_announce_change" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "grip_announce_session_change"('s');--> statement-breakpoint
CREATE TRIGGER "users_announce_change" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "grip_announce_session_change"('u');
