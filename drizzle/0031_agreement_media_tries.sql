ALTER TABLE "songs" ADD COLUMN "media_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "media_problem" text;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_media_problem_check" CHECK ("songs"."media_problem" is null or "songs"."media_problem" in ('lyrics-time-limit', 'lyrics-memory-limit', 'lyrics-unreadable', 'gave-up'));