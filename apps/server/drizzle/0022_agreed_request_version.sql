ALTER TABLE "business_responses" ADD COLUMN "agreed_request_version" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Decision 019: every response stored before this migration agrees to its request as it is now. The
-- version is modules/requests/request-version.ts quotedRequestVersion, computed here in SQL: SHA-256
-- in base64url of JSON.stringify(['request', [[key, value], ...]]) over the business's view of the
-- request (keys sorted, the street withheld as null). request-version.test.ts runs this statement and
-- compares every row with the server's own computation.
UPDATE "business_responses" AS br SET "agreed_request_version" = translate(rtrim(encode(sha256(convert_to(
    '["request",[' ||
    '["areaLabel",' || coalesce(to_json(sr."area_label")::text, 'null') || ']' ||
    ',["budgetMax",' || coalesce(to_json(sr."budget_max"::text)::text, 'null') || ']' ||
    ',["budgetMin",' || coalesce(to_json(sr."budget_min"::text)::text, 'null') || ']' ||
    ',["budgetType",' || coalesce(to_json(sr."budget_type")::text, 'null') || ']' ||
    ',["description",' || coalesce(to_json(sr."description")::text, 'null') || ']' ||
    ',["flexibleDates",' || coalesce(to_json(sr."flexible_dates")::text, 'null') || ']' ||
    ',["id",' || coalesce(to_json(sr."id"::text)::text, 'null') || ']' ||
    ',["images",' || coalesce(to_json(sr."images")::text, 'null') || ']' ||
    ',["isUrgent",' || coalesce(to_json(sr."is_urgent")::text, 'null') || ']' ||
    ',["locationAddress",null]' ||
    ',["preferredDate",' || coalesce(to_json(sr."preferred_date")::text, 'null') || ']' ||
    ',["preferredTime",' || coalesce(to_json(sr."preferred_time")::text, 'null') || ']' ||
    ',["serviceSubtype",' || coalesce(to_json(sr."service_subtype")::text, 'null') || ']' ||
    ',["serviceType",' || coalesce(to_json(sr."service_type")::text, 'null') || ']' ||
    ',["timeFlexibility",' || coalesce(to_json(sr."time_flexibility")::text, 'null') || ']' ||
    ',["title",' || coalesce(to_json(sr."title")::text, 'null') || ']' ||
    ',["urgency",' || coalesce(to_json(sr."urgency")::text, 'null') || ']' ||
    ']]', 'UTF8')), 'base64'), '='), '+/', '-_')
FROM "service_requests" AS sr WHERE sr."id" = br."request_id";
