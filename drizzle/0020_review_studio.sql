CREATE TABLE "review_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"at_seconds" real NOT NULL,
	"text" text NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_notes_at_seconds_check" CHECK ("review_notes"."at_seconds" between 0 and 86400),
	CONSTRAINT "review_notes_text_check" CHECK ("review_notes"."text" ~ '[^[:space:]]')
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "audio_peaks" smallint[];--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "audio_duration_seconds" real;--> statement-breakpoint
ALTER TABLE "review_notes" ADD CONSTRAINT "review_notes_review_id_song_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."song_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_notes" ADD CONSTRAINT "review_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_notes_review_at_idx" ON "review_notes" USING btree ("review_id","at_seconds");--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_audio_peaks_check" CHECK ("stored_files"."audio_peaks" is null or cardinality("stored_files"."audio_peaks") <= 2000);