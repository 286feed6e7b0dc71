-- Servers keep the profiles of signed-in people for a few seconds, as they keep sessions
-- (modules/profiles/profile-cache.ts). Whenever a profile is changed or removed, every server hears
-- of it on commit and forgets what it kept: a new role, area or category counts at once.
CREATE FUNCTION "grip_announce_profile_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('grip_sessions', 'p:' || OLD."user_id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "profiles_announce_change" AFTER UPDATE OR DELETE ON "profiles" FOR EACH ROW EXECUTE FUNCTION "grip_announce_profile_change"();
