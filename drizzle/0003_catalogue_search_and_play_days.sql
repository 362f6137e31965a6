CREATE TABLE "song_play_days" (
	"day" date PRIMARY KEY NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "song_play_days_plays_check" CHECK ("song_play_days"."plays" >= 0)
);
--> statement-breakpoint
DROP INDEX "song_plays_played_at_idx";--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (song_search_text(title, lyrics, tags)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "song_plays_played_at_user_idx" ON "song_plays" USING btree ("played_at","user_id");--> statement-breakpoint
CREATE INDEX "songs_search_text_trgm_idx" ON "songs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "songs_audio_file_idx" ON "songs" USING btree ("audio_file_id");--> statement-breakpoint
CREATE INDEX "songs_image_file_idx" ON "songs" USING btree ("image_file_id");--> statement-breakpoint
CREATE INDEX "songs_image_web_file_idx" ON "songs" USING btree ("image_web_file_id");