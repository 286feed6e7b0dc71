-- The reviews a customer wrote: Job History's and Customer Settings' rating given, and deleting an account.
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");