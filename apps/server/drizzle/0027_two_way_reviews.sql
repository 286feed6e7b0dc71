CREATE TABLE "customer_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_user_id" text NOT NULL,
	"customer_user_id" text NOT NULL,
	"request_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"review_text" text,
	"reply_text" text,
	"replied_at" timestamp with time zone,
	"revealed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_reviews_rating_check" CHECK ("customer_reviews"."rating" between 1 and 5),
	CONSTRAINT "customer_reviews_text_length_check" CHECK ("customer_reviews"."review_text" is null or char_length("customer_reviews"."review_text") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_text" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "revealed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_business_user_id_users_id_fk" FOREIGN KEY ("business_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_response_id_business_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."business_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_reviews_response_key" ON "customer_reviews" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "customer_reviews_customer_idx" ON "customer_reviews" USING btree ("customer_user_id");--> statement-breakpoint
CREATE INDEX "customer_reviews_business_idx" ON "customer_reviews" USING btree ("business_user_id");--> statement-breakpoint
-- Reviews written before the double-blind rule were shown at once: they stay shown from when written.
UPDATE "reviews" SET "revealed_at" = "created_at";
