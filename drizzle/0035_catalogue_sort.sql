CREATE TABLE "catalogue_visits" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"new_since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_visits" ADD CONSTRAINT "catalogue_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "songs_active_newest_idx" ON "songs" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "songs"."is_active";--> statement-breakpoint
CREATE INDEX "songs_active_title_idx" ON "songs" USING btree (lower("title"),"id") WHERE "songs"."is_active";--> statement-breakpoint
CREATE INDEX "songs_active_tempo_idx" ON "songs" USING btree ("bpm","id") WHERE "songs"."is_active";--> statement-breakpoint
CREATE INDEX "songs_active_length_idx" ON "songs" USING btree ("audio_duration_seconds","id") WHERE "songs"."is_active";--> statement-breakpoint
CREATE INDEX "song_responses_user_holds_idx" ON "song_responses" USING btree ("song_id","user_id") WHERE "song_responses"."response" = 'hold' and "song_responses"."user_id" is not null;