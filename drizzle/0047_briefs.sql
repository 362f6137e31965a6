CREATE TABLE "brief_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brief_id" uuid NOT NULL,
	"songwriter_id" text NOT NULL,
	"submission_id" uuid,
	"song_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verdict" text,
	"verdict_reason" text,
	"verdict_by" text,
	"verdict_at" timestamp with time zone,
	"shortlisted_at" timestamp with time zone,
	CONSTRAINT "brief_answers_brief_song_unique" UNIQUE("brief_id","song_id"),
	CONSTRAINT "brief_answers_submission_unique" UNIQUE("submission_id"),
	CONSTRAINT "brief_answers_song_check" CHECK (num_nonnulls("brief_answers"."submission_id", "brief_answers"."song_id") = 1),
	CONSTRAINT "brief_answers_verdict_check" CHECK ("brief_answers"."verdict" is null or "brief_answers"."verdict" in ('fits', 'close', 'no')),
	CONSTRAINT "brief_answers_verdict_fields_check" CHECK (("brief_answers"."verdict" is null) = ("brief_answers"."verdict_at" is null) and ("brief_answers"."verdict" is null) = ("brief_answers"."verdict_reason" is null)),
	CONSTRAINT "brief_answers_verdict_reason_check" CHECK ("brief_answers"."verdict_reason" is null or ("brief_answers"."verdict_reason" ~ '[^[:space:]]' and char_length("brief_answers"."verdict_reason") <= 280)),
	CONSTRAINT "brief_answers_shortlist_check" CHECK ("brief_answers"."shortlisted_at" is null or coalesce("brief_answers"."verdict" = 'fits', false))
);
--> statement-breakpoint
CREATE TABLE "brief_references" (
	"brief_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "brief_references_brief_id_song_id_pk" PRIMARY KEY("brief_id","song_id"),
	CONSTRAINT "brief_references_position_check" CHECK ("brief_references"."position" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "briefs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"state" text DEFAULT 'awaiting_approval' NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"genre" text,
	"tempo_min" integer,
	"tempo_max" integer,
	"musical_key" text,
	"vocal" text,
	"moods" text[] DEFAULT '{}'::text[] NOT NULL,
	"one_stop_required" boolean DEFAULT false NOT NULL,
	"artist_shown" text NOT NULL,
	"show_buyer" boolean DEFAULT false NOT NULL,
	"deadline_on" date NOT NULL,
	"shortlist_playlist_id" uuid,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "briefs_state_check" CHECK ("briefs"."state" in ('awaiting_approval', 'open', 'closed', 'filled')),
	CONSTRAINT "briefs_title_check" CHECK (char_length("briefs"."title") between 1 and 120),
	CONSTRAINT "briefs_description_check" CHECK (char_length("briefs"."description") between 1 and 4000),
	CONSTRAINT "briefs_genre_check" CHECK ("briefs"."genre" is null or char_length("briefs"."genre") between 1 and 100),
	CONSTRAINT "briefs_tempo_check" CHECK (("briefs"."tempo_min" is null or "briefs"."tempo_min" between 1 and 300) and ("briefs"."tempo_max" is null or "briefs"."tempo_max" between 1 and 300) and ("briefs"."tempo_min" is null or "briefs"."tempo_max" is null or "briefs"."tempo_min" <= "briefs"."tempo_max")),
	CONSTRAINT "briefs_musical_key_check" CHECK ("briefs"."musical_key" is null or "briefs"."musical_key" in ('C major', 'Db major', 'D major', 'Eb major', 'E major', 'F major', 'F# major', 'G major', 'Ab major', 'A major', 'Bb major', 'B major', 'C minor', 'C# minor', 'D minor', 'Eb minor', 'E minor', 'F minor', 'F# minor', 'G minor', 'G# minor', 'A minor', 'Bb minor', 'B minor')),
	CONSTRAINT "briefs_vocal_check" CHECK ("briefs"."vocal" is null or "briefs"."vocal" in ('female', 'male', 'duet', 'group', 'instrumental')),
	CONSTRAINT "briefs_moods_check" CHECK (cardinality("briefs"."moods") <= 8),
	CONSTRAINT "briefs_artist_shown_check" CHECK (char_length("briefs"."artist_shown") between 1 and 120),
	CONSTRAINT "briefs_approved_check" CHECK ("briefs"."state" not in ('open', 'filled') or "briefs"."approved_at" is not null),
	CONSTRAINT "briefs_closed_check" CHECK (("briefs"."state" in ('closed', 'filled')) = ("briefs"."closed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_subject_kind_check";--> statement-breakpoint
ALTER TABLE "brief_answers" ADD CONSTRAINT "brief_answers_brief_id_briefs_id_fk" FOREIGN KEY ("brief_id") REFERENCES "public"."briefs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_answers" ADD CONSTRAINT "brief_answers_songwriter_id_users_id_fk" FOREIGN KEY ("songwriter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_answers" ADD CONSTRAINT "brief_answers_submission_id_song_reviews_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."song_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_answers" ADD CONSTRAINT "brief_answers_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_answers" ADD CONSTRAINT "brief_answers_verdict_by_users_id_fk" FOREIGN KEY ("verdict_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_references" ADD CONSTRAINT "brief_references_brief_id_briefs_id_fk" FOREIGN KEY ("brief_id") REFERENCES "public"."briefs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brief_references" ADD CONSTRAINT "brief_references_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "briefs" ADD CONSTRAINT "briefs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "briefs" ADD CONSTRAINT "briefs_shortlist_playlist_id_playlists_id_fk" FOREIGN KEY ("shortlist_playlist_id") REFERENCES "public"."playlists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "briefs" ADD CONSTRAINT "briefs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brief_answers_brief_created_idx" ON "brief_answers" USING btree ("brief_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "brief_answers_songwriter_created_idx" ON "brief_answers" USING btree ("songwriter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "brief_answers_song_idx" ON "brief_answers" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "brief_references_song_idx" ON "brief_references" USING btree ("song_id");--> statement-breakpoint
CREATE INDEX "briefs_state_created_idx" ON "briefs" USING btree ("state","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "briefs_owner_created_idx" ON "briefs" USING btree ("owner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('preview_request.approve', 'preview_request.reject', 'preview_request.revoke', 'preview_request.downloads', 'preview_account.create', 'songwriter.reset', 'song.create', 'song.update', 'song.publish', 'song.unpublish', 'song.delete', 'song_audio.upload', 'song_version.upload', 'song_version.remove', 'comment.approve', 'comment.delete', 'review.send', 'pitch_agreement.offer', 'pitch_agreement.withdraw', 'placement.create', 'placement.update', 'pitch_link.create', 'pitch_link.revoke', 'pitch_link.downloads', 'song_response.update', 'account.delete', 'site_settings.update', 'account.export', 'outbox_message.read', 'outbox.release', 'analysis_job.retry', 'brief.approve', 'brief.close'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_subject_kind_check" CHECK ("audit_events"."subject_kind" in ('preview_request', 'user', 'song', 'song_audio', 'comment', 'review', 'pitch_agreement', 'placement', 'pitch_link', 'song_response', 'site_settings', 'outbox_message', 'outbox', 'analysis_job', 'brief'));