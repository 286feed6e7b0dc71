-- Issue 33, decision 029: the business notification choices 'phone' ("Phone call") and 'app'
-- ("In-app") did nothing and are retired. They leave every stored profile; nothing else changes (the
-- other choices, their order, updated_at). Idempotent: a second run finds no row to change.
UPDATE "profiles"
SET "notification_preferences" = array_remove(array_remove("notification_preferences", 'phone'), 'app')
WHERE "notification_preferences" && ARRAY['phone', 'app']::text[];
