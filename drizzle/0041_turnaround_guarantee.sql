ALTER TABLE "account_credits" ALTER COLUMN "pitch_agreement_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "song_price_cents" integer DEFAULT 2500 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "turnaround_business_days" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_credits" ADD COLUMN "late_review_id" uuid;--> statement-breakpoint
ALTER TABLE "account_credits" ADD COLUMN "days_late" integer;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "fast_review_price_cents" integer;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "fast_review_business_days" integer;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_late_review_id_song_reviews_id_fk" FOREIGN KEY ("late_review_id") REFERENCES "public"."song_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_late_review_id_unique" UNIQUE("late_review_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_song_price_check" CHECK ("orders"."song_price_cents" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_turnaround_check" CHECK ("orders"."turnaround_business_days" between 1 and 10);--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_reason_check" CHECK (("account_credits"."pitch_agreement_id" is null) <> ("account_credits"."late_review_id" is null) and ("account_credits"."late_review_id" is null) = ("account_credits"."days_late" is null) and coalesce("account_credits"."days_late", 1) > 0);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_fast_review_check" CHECK (("site_settings"."fast_review_price_cents" is null) = ("site_settings"."fast_review_business_days" is null));