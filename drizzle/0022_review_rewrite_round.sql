ALTER TABLE "song_reviews" DROP CONSTRAINT "song_reviews_order_song_unique";--> statement-breakpoint
ALTER TABLE "song_reviews" ADD COLUMN "rewrite_of" uuid;--> statement-breakpoint
ALTER TABLE "song_reviews" ADD COLUMN "rewrite_note" text;--> statement-breakpoint
ALTER TABLE "song_reviews" ADD COLUMN "reviewer_id" text;--> statement-breakpoint
ALTER TABLE "song_reviews" ADD CONSTRAINT "song_reviews_rewrite_of_song_reviews_id_fk" FOREIGN KEY ("rewrite_of") REFERENCES "public"."song_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_reviews" ADD CONSTRAINT "song_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "song_reviews_first_round_unique" ON "song_reviews" USING btree ("order_id","song_number") WHERE "song_reviews"."rewrite_of" is null;--> statement-breakpoint
ALTER TABLE "song_reviews" ADD CONSTRAINT "song_reviews_rewrite_of_unique" UNIQUE("rewrite_of");--> statement-breakpoint
ALTER TABLE "song_reviews" ADD CONSTRAINT "song_reviews_rewrite_fields_check" CHECK ("song_reviews"."rewrite_of" is not null or ("song_reviews"."rewrite_note" is null and "song_reviews"."reviewer_id" is null));--> statement-breakpoint
ALTER TABLE "song_reviews" ADD CONSTRAINT "song_reviews_rewrite_note_check" CHECK ("song_reviews"."rewrite_note" ~ '[^[:space:]]' and char_length("song_reviews"."rewrite_note") <= 1000);