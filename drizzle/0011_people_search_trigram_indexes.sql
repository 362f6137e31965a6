CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "songwriter_profiles_username_trgm_idx" ON "songwriter_profiles" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "songwriter_profiles_full_name_trgm_idx" ON "songwriter_profiles" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);