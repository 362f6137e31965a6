CREATE TABLE "site_settings" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"company_legal_name" text NOT NULL,
	"company_address" text NOT NULL,
	"contact_email" text NOT NULL,
	"governing_law" text NOT NULL,
	"commenter_display" text DEFAULT 'anonymous' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_singleton_check" CHECK ("site_settings"."singleton"),
	CONSTRAINT "site_settings_commenter_display_check" CHECK ("site_settings"."commenter_display" in ('name', 'company', 'anonymous'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_subject_kind_check";--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('preview_request.approve', 'preview_request.reject', 'preview_request.revoke', 'preview_request.downloads', 'preview_account.create', 'songwriter.reset', 'song.create', 'song.update', 'song.publish', 'song.unpublish', 'song.delete', 'song_audio.upload', 'comment.approve', 'comment.delete', 'review.send', 'pitch_agreement.offer', 'pitch_agreement.withdraw', 'placement.create', 'placement.update', 'pitch_link.create', 'pitch_link.revoke', 'pitch_link.downloads', 'song_response.update', 'account.delete', 'site_settings.update'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_subject_kind_check" CHECK ("audit_events"."subject_kind" in ('preview_request', 'user', 'song', 'song_audio', 'comment', 'review', 'pitch_agreement', 'placement', 'pitch_link', 'song_response', 'site_settings'));