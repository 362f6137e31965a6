CREATE TABLE "pitch_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"songwriter_id" text NOT NULL,
	"offered_by" text,
	"commission_percent" integer NOT NULL,
	"term_months" integer NOT NULL,
	"note" text,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'offered' NOT NULL,
	"text_version" text NOT NULL,
	"agreement_text" text NOT NULL,
	"decline_reason" text,
	"answered_at" timestamp with time zone,
	"signed_name" text,
	"text_sha256" text,
	"signed_ip" text,
	"signed_user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pitch_agreements_status_check" CHECK ("pitch_agreements"."status" in ('offered', 'accepted', 'declined', 'withdrawn', 'expired')),
	CONSTRAINT "pitch_agreements_commission_check" CHECK ("pitch_agreements"."commission_percent" between 1 and 50),
	CONSTRAINT "pitch_agreements_term_check" CHECK ("pitch_agreements"."term_months" between 1 and 60),
	CONSTRAINT "pitch_agreements_signed_check" CHECK (("pitch_agreements"."status" = 'accepted') = ("pitch_agreements"."signed_name" is not null and "pitch_agreements"."text_sha256" is not null and "pitch_agreements"."answered_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "pitch_agreements" ADD CONSTRAINT "pitch_agreements_review_id_song_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."song_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_agreements" ADD CONSTRAINT "pitch_agreements_songwriter_id_users_id_fk" FOREIGN KEY ("songwriter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_agreements" ADD CONSTRAINT "pitch_agreements_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pitch_agreements_one_live_per_review" ON "pitch_agreements" USING btree ("review_id") WHERE "pitch_agreements"."status" in ('offered', 'accepted');--> statement-breakpoint
CREATE INDEX "pitch_agreements_songwriter_created_idx" ON "pitch_agreements" USING btree ("songwriter_id","created_at" DESC NULLS LAST);