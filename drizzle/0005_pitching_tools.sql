CREATE TABLE "pitch_link_songs" (
	"pitch_link_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "pitch_link_songs_pitch_link_id_song_id_pk" PRIMARY KEY("pitch_link_id","song_id"),
	CONSTRAINT "pitch_link_songs_position_check" CHECK ("pitch_link_songs"."position" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pitch_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"recipient_company" text,
	"message" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pitch_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "pitch_links_recipient_name_check" CHECK (char_length("pitch_links"."recipient_name") between 1 and 100),
	CONSTRAINT "pitch_links_recipient_email_check" CHECK (char_length("pitch_links"."recipient_email") between 3 and 255),
	CONSTRAINT "pitch_links_message_check" CHECK ("pitch_links"."message" is null or char_length("pitch_links"."message") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "song_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"song_id" uuid NOT NULL,
	"user_id" text,
	"pitch_link_id" uuid,
	"response" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_responses_song_user_unique" UNIQUE("song_id","user_id"),
	CONSTRAINT "song_responses_song_pitch_link_unique" UNIQUE("song_id","pitch_link_id"),
	CONSTRAINT "song_responses_response_check" CHECK ("song_responses"."response" in ('hold', 'pass')),
	CONSTRAINT "song_responses_listener_check" CHECK (num_nonnulls("song_responses"."user_id", "song_responses"."pitch_link_id") = 1),
	CONSTRAINT "song_responses_note_check" CHECK ("song_responses"."note" is null or char_length("song_responses"."note") <= 200)
);
--> statement-breakpoint
ALTER TABLE "song_plays" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "song_plays" ADD COLUMN "pitch_link_id" uuid;--> statement-breakpoint
ALTER TABLE "song_plays" ADD COLUMN "furthest_seconds" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "audio_peaks" smallint[];--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "audio_duration_seconds" real;--> statement-breakpoint
ALTER TABLE "pitch_link_songs" ADD CONSTRAINT "pitch_link_songs_pitch_link_id_pitch_links_id_fk" FOREIGN KEY ("pitch_link_id") REFERENCES "public"."pitch_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_link_songs" ADD CONSTRAINT "pitch_link_songs_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_links" ADD CONSTRAINT "pitch_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_responses" ADD CONSTRAINT "song_responses_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_responses" ADD CONSTRAINT "song_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_responses" ADD CONSTRAINT "song_responses_pitch_link_id_pitch_links_id_fk" FOREIGN KEY ("pitch_link_id") REFERENCES "public"."pitch_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pitch_link_songs_song_idx" ON "pitch_link_songs" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "pitch_links_created_at_idx" ON "pitch_links" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "song_responses_user_idx" ON "song_responses" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "song_responses_pitch_link_idx" ON "song_responses" USING btree ("pitch_link_id");--> statement-breakpoint
ALTER TABLE "song_plays" ADD CONSTRAINT "song_plays_pitch_link_id_pitch_links_id_fk" FOREIGN KEY ("pitch_link_id") REFERENCES "public"."pitch_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "song_plays_pitch_link_idx" ON "song_plays" USING btree ("pitch_link_id");--> statement-breakpoint
ALTER TABLE "song_plays" ADD CONSTRAINT "song_plays_furthest_check" CHECK ("song_plays"."furthest_seconds" >= 0);--> statement-breakpoint
ALTER TABLE "song_plays" ADD CONSTRAINT "song_plays_listener_check" CHECK (num_nonnulls("song_plays"."user_id", "song_plays"."pitch_link_id") = 1);--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_audio_peaks_check" CHECK ("songs"."audio_peaks" is null or cardinality("songs"."audio_peaks") <= 2000);