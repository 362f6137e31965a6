CREATE TABLE "mail_outbox_hold" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"backup_created_at" timestamp with time zone NOT NULL,
	"pending_in_backup" integer NOT NULL,
	CONSTRAINT "mail_outbox_hold_singleton_check" CHECK ("mail_outbox_hold"."singleton"),
	CONSTRAINT "mail_outbox_hold_pending_check" CHECK ("mail_outbox_hold"."pending_in_backup" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_status_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_subject_kind_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'dead', 'discarded'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('preview_request.approve', 'preview_request.reject', 'preview_request.revoke', 'preview_request.downloads', 'preview_account.create', 'songwriter.reset', 'song.create', 'song.update', 'song.publish', 'song.unpublish', 'song.delete', 'song_audio.upload', 'comment.approve', 'comment.delete', 'review.send', 'pitch_agreement.offer', 'pitch_agreement.withdraw', 'placement.create', 'placement.update', 'pitch_link.create', 'pitch_link.revoke', 'pitch_link.downloads', 'song_response.update', 'account.delete', 'site_settings.update', 'account.export', 'outbox_message.read', 'outbox.release'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_subject_kind_check" CHECK ("audit_events"."subject_kind" in ('preview_request', 'user', 'song', 'song_audio', 'comment', 'review', 'pitch_agreement', 'placement', 'pitch_link', 'song_response', 'site_settings', 'outbox_message', 'outbox'));