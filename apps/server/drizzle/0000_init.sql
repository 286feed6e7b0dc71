CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_name" text NOT NULL,
	"service_name" text NOT NULL,
	CONSTRAINT "service_categories_category_service_key" UNIQUE("category_name","service_name")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"sender_id" text,
	"receiver_id" text,
	"message" text NOT NULL,
	"message_type" text DEFAULT 'text' NOT NULL,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_type_check" CHECK ("messages"."message_type" in ('text', 'counter_offer', 'completion'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"related_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"display_name" text,
	"business_name" text,
	"avatar_url" text,
	"phone" text,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"website" text,
	"google_reviews_url" text,
	"description" text,
	"service_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"service_area_km" integer DEFAULT 25,
	"notification_email" text,
	"notification_preferences" text[] DEFAULT '{email}'::text[] NOT NULL,
	"default_landing_page" text DEFAULT 'business-dashboard' NOT NULL,
	"default_start_screen" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_role_check" CHECK ("profiles"."role" in ('user', 'business_owner', 'administrator')),
	CONSTRAINT "profiles_start_screen_check" CHECK ("profiles"."default_start_screen" is null or "profiles"."default_start_screen" in ('dashboard', 'requests', 'active', 'confirmed')),
	CONSTRAINT "profiles_service_area_check" CHECK ("profiles"."service_area_km" is null or "profiles"."service_area_km" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"service_type" text NOT NULL,
	"service_subtype" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"location_address" text,
	"area_label" text,
	"latitude" double precision,
	"longitude" double precision,
	"service_area_km" integer DEFAULT 5 NOT NULL,
	"preferred_date" date,
	"preferred_time" time,
	"time_flexibility" text,
	"flexible_dates" boolean DEFAULT false NOT NULL,
	"budget_min" numeric(12, 2),
	"budget_max" numeric(12, 2),
	"budget_type" text,
	"urgency" text DEFAULT 'normal' NOT NULL,
	"is_urgent" boolean DEFAULT false NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "service_requests_status_check" CHECK ("service_requests"."status" in ('open', 'assigned', 'in_progress', 'completed', 'cancelled')),
	CONSTRAINT "service_requests_urgency_check" CHECK ("service_requests"."urgency" in ('urgent', 'normal', 'low')),
	CONSTRAINT "service_requests_budget_type_check" CHECK ("service_requests"."budget_type" is null or "service_requests"."budget_type" in ('fixed', 'range')),
	CONSTRAINT "service_requests_flexibility_check" CHECK ("service_requests"."time_flexibility" is null or "service_requests"."time_flexibility" in ('exact', 'within_2_hours', 'within_4_hours', 'flexible')),
	CONSTRAINT "service_requests_budget_check" CHECK (("service_requests"."budget_min" is null or "service_requests"."budget_min" >= 0) and ("service_requests"."budget_max" is null or "service_requests"."budget_min" is null or "service_requests"."budget_max" >= "service_requests"."budget_min")),
	CONSTRAINT "service_requests_area_check" CHECK ("service_requests"."service_area_km" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "business_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"business_user_id" text NOT NULL,
	"quoted_price" numeric(12, 2) NOT NULL,
	"price_type" text DEFAULT 'fixed' NOT NULL,
	"message" text NOT NULL,
	"availability_date" date,
	"availability_time" time,
	"estimated_duration" text,
	"terms_conditions" text,
	"engagement_notes" text,
	"proof_images" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_accepted_as_is" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"completion_status" text DEFAULT 'pending' NOT NULL,
	"completion_date" timestamp with time zone,
	"contest_deadline" timestamp with time zone,
	"contest_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_responses_status_check" CHECK ("business_responses"."status" in ('pending', 'accepted', 'rejected', 'declined', 'ignored', 'in_progress', 'completed')),
	CONSTRAINT "business_responses_completion_status_check" CHECK ("business_responses"."completion_status" in ('pending', 'in_progress', 'completed', 'contested', 'archived')),
	CONSTRAINT "business_responses_price_type_check" CHECK ("business_responses"."price_type" in ('fixed', 'hourly', 'range')),
	CONSTRAINT "business_responses_price_check" CHECK ("business_responses"."quoted_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "response_views" (
	"user_id" text NOT NULL,
	"response_id" uuid NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "response_views_pkey" PRIMARY KEY("user_id","response_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"business_user_id" text NOT NULL,
	"request_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"review_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_text_length_check" CHECK ("reviews"."review_text" is null or char_length("reviews"."review_text") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"topic" text NOT NULL,
	"recipient" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"request_id" uuid,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_channel_check" CHECK ("outbox"."channel" in ('email', 'sms', 'push')),
	CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending', 'sent', 'logged', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_settings_key_check" CHECK ("system_settings"."key" in ('email_notifications_enabled', 'sms_notifications_enabled')),
	CONSTRAINT "system_settings_value_check" CHECK ("system_settings"."value" in ('true', 'false'))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text,
	"purpose" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "uploads_purpose_check" CHECK ("uploads"."purpose" in ('avatar', 'request_image', 'response_image', 'counter_offer_image', 'completion_proof', 'message_attachment')),
	CONSTRAINT "uploads_size_check" CHECK ("uploads"."byte_size" > 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_response_id_business_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."business_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_responses" ADD CONSTRAINT "business_responses_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_responses" ADD CONSTRAINT "business_responses_business_user_id_users_id_fk" FOREIGN KEY ("business_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_views" ADD CONSTRAINT "response_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_views" ADD CONSTRAINT "response_views_response_id_business_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."business_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_business_user_id_users_id_fk" FOREIGN KEY ("business_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_response_id_business_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."business_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "messages_response_created_idx" ON "messages" USING btree ("response_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_receiver_unread_idx" ON "messages" USING btree ("receiver_id") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "profiles_role_idx" ON "profiles" USING btree ("role");--> statement-breakpoint
CREATE INDEX "service_requests_user_created_idx" ON "service_requests" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE "service_requests"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "service_requests_open_created_idx" ON "service_requests" USING btree ("status","created_at" DESC NULLS LAST) WHERE "service_requests"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "service_requests_service_type_idx" ON "service_requests" USING btree (lower("service_type"));--> statement-breakpoint
CREATE UNIQUE INDEX "business_responses_request_business_key" ON "business_responses" USING btree ("request_id","business_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_responses_one_accepted_key" ON "business_responses" USING btree ("request_id") WHERE "business_responses"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "business_responses_business_created_idx" ON "business_responses" USING btree ("business_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_request_user_key" ON "reviews" USING btree ("request_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_business_idx" ON "reviews" USING btree ("business_user_id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("run_at") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_request_idx" ON "outbox" USING btree ("request_id") WHERE "outbox"."request_id" is not null;--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id");