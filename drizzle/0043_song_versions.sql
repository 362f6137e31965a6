CREATE TABLE "song_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"song_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_versions_song_kind_unique" UNIQUE("song_id","kind"),
	CONSTRAINT "song_versions_kind_check" CHECK ("song_versions"."kind" in ('work_tape', 'instrumental', 'a_cappella', 'stems')),
	CONSTRAINT "song_versions_label_check" CHECK (char_length("song_versions"."label") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_bucket_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "song_downloads" DROP CONSTRAINT "song_downloads_kind_check";--> statement-breakpoint
ALTER TABLE "song_versions" ADD CONSTRAINT "song_versions_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_versions" ADD CONSTRAINT "song_versions_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "song_versions_file_idx" ON "song_versions" USING btree ("file_id");--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_bucket_check" CHECK ("stored_files"."bucket" in ('song-audio', 'song-images', 'song-submissions', 'lyric-submissions', 'song-stems'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('preview_request.approve', 'preview_request.reject', 'preview_request.revoke', 'preview_request.downloads', 'preview_account.create', 'songwriter.reset', 'song.create', 'song.update', 'song.publish', 'song.unpublish', 'song.delete', 'song_audio.upload', 'song_version.upload', 'song_version.remove', 'comment.approve', 'comment.delete', 'review.send', 'pitch_agreement.offer', 'pitch_agreement.withdraw', 'placement.create', 'placement.update', 'pitch_link.create', 'pitch_link.revoke', 'pitch_link.downloads', 'song_response.update', 'account.delete', 'site_settings.update', 'account.export', 'outbox_message.read', 'outbox.release', 'analysis_job.retry'));--> statement-breakpoint
ALTER TABLE "song_downloads" ADD CONSTRAINT "song_downloads_kind_check" CHECK ("song_downloads"."kind" in ('mp3', 'lyric_sheet', 'stems'));