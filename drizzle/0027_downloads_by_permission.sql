CREATE TABLE "song_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"song_id" uuid NOT NULL,
	"user_id" text,
	"pitch_link_id" uuid,
	"kind" text NOT NULL,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_downloads_kind_check" CHECK ("song_downloads"."kind" in ('mp3', 'lyric_sheet')),
	CONSTRAINT "song_downloads_listener_check" CHECK (num_nonnulls("song_downloads"."user_id", "song_downloads"."pitch_link_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "preview_requests" ADD COLUMN "download_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pitch_links" ADD COLUMN "download_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "song_downloads" ADD CONSTRAINT "song_downloads_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_downloads" ADD CONSTRAINT "song_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_downloads" ADD CONSTRAINT "song_downloads_pitch_link_id_pitch_links_id_fk" FOREIGN KEY ("pitch_link_id") REFERENCES "public"."pitch_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "song_downloads_song_idx" ON "song_downloads" USING btree ("song_id","downloaded_at");--> statement-breakpoint
CREATE INDEX "song_downloads_user_idx" ON "song_downloads" USING btree ("user_id","downloaded_at");--> statement-breakpoint
CREATE INDEX "song_downloads_pitch_link_idx" ON "song_downloads" USING btree ("pitch_link_id");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('preview_request.approve', 'preview_request.reject', 'preview_request.revoke', 'preview_request.downloads', 'preview_account.create', 'songwriter.reset', 'song.create', 'song.update', 'song.publish', 'song.unpublish', 'song.delete', 'song_audio.upload', 'comment.approve', 'comment.delete', 'review.send', 'pitch_agreement.offer', 'pitch_agreement.withdraw', 'placement.create', 'placement.update', 'pitch_link.create', 'pitch_link.revoke', 'pitch_link.downloads', 'song_response.update', 'account.delete'));