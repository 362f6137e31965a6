CREATE TABLE "reference_tracks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"file_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_tracks_file_unique" UNIQUE("file_id")
);
--> statement-breakpoint
ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_bucket_check";--> statement-breakpoint
ALTER TABLE "reference_tracks" ADD CONSTRAINT "reference_tracks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_tracks" ADD CONSTRAINT "reference_tracks_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reference_tracks_owner_idx" ON "reference_tracks" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "reference_tracks_expires_idx" ON "reference_tracks" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_bucket_check" CHECK ("stored_files"."bucket" in ('song-audio', 'song-images', 'song-submissions', 'lyric-submissions', 'song-stems', 'reference-tracks'));