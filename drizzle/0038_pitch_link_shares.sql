ALTER TABLE "pitch_links" ADD COLUMN "kind" text DEFAULT 'pitch' NOT NULL;--> statement-breakpoint
ALTER TABLE "pitch_links" ADD COLUMN "playlist_id" uuid;--> statement-breakpoint
ALTER TABLE "pitch_links" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "pitch_links" ADD CONSTRAINT "pitch_links_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pitch_links_created_by_idx" ON "pitch_links" USING btree ("created_by","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "pitch_links" ADD CONSTRAINT "pitch_links_kind_check" CHECK ("pitch_links"."kind" in ('pitch', 'share'));