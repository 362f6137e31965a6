CREATE TABLE "analysis_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"result" jsonb,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_jobs_file_kind_unique" UNIQUE("file_id","kind"),
	CONSTRAINT "analysis_jobs_kind_check" CHECK ("analysis_jobs"."kind" in ('audio')),
	CONSTRAINT "analysis_jobs_state_check" CHECK ("analysis_jobs"."state" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "analysis_jobs_attempts_check" CHECK ("analysis_jobs"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_subject_kind_check";--> statement-breakpoint
ALTER TABLE "analysis_jobs" ADD CONSTRAINT "analysis_jobs_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_jobs_due_idx" ON "analysis_jobs" USING btree ("created_at") WHERE "analysis_jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "analysis_jobs_failed_idx" ON "analysis_jobs" USING btree ("updated_at") WHERE "analysis_jobs"."state" = 'failed';--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('preview_request.approve', 'preview_request.reject', 'preview_request.revoke', 'preview_request.downloads', 'preview_account.create', 'songwriter.reset', 'song.create', 'song.update', 'song.publish', 'song.unpublish', 'song.delete', 'song_audio.upload', 'comment.approve', 'comment.delete', 'review.send', 'pitch_agreement.offer', 'pitch_agreement.withdraw', 'placement.create', 'placement.update', 'pitch_link.create', 'pitch_link.revoke', 'pitch_link.downloads', 'song_response.update', 'account.delete', 'site_settings.update', 'account.export', 'outbox_message.read', 'outbox.release', 'analysis_job.retry'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_subject_kind_check" CHECK ("audit_events"."subject_kind" in ('preview_request', 'user', 'song', 'song_audio', 'comment', 'review', 'pitch_agreement', 'placement', 'pitch_link', 'song_response', 'site_settings', 'outbox_message', 'outbox', 'analysis_job'));