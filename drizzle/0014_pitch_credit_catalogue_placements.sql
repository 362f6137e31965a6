CREATE TABLE "account_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"songwriter_id" text NOT NULL,
	"pitch_agreement_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_credits_pitch_agreement_id_unique" UNIQUE("pitch_agreement_id"),
	CONSTRAINT "account_credits_amount_check" CHECK ("account_credits"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "pitch_report_digests" (
	"songwriter_id" text NOT NULL,
	"week_start" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pitch_report_digests_songwriter_id_week_start_pk" PRIMARY KEY("songwriter_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "placements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"song_id" uuid NOT NULL,
	"pitch_agreement_id" uuid NOT NULL,
	"artist" text NOT NULL,
	"project" text,
	"label" text,
	"status" text DEFAULT 'on_hold' NOT NULL,
	"release_date" date,
	"income_cents" integer DEFAULT 0 NOT NULL,
	"commission_cents" integer DEFAULT 0 NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placements_status_check" CHECK ("placements"."status" in ('on_hold', 'cut', 'released')),
	CONSTRAINT "placements_artist_check" CHECK (char_length("placements"."artist") between 1 and 200),
	CONSTRAINT "placements_project_check" CHECK ("placements"."project" is null or char_length("placements"."project") <= 200),
	CONSTRAINT "placements_label_check" CHECK ("placements"."label" is null or char_length("placements"."label") <= 200),
	CONSTRAINT "placements_income_check" CHECK ("placements"."income_cents" between 0 and 1000000000),
	CONSTRAINT "placements_commission_check" CHECK ("placements"."commission_cents" between 0 and "placements"."income_cents")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_applied_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "songs" ADD COLUMN "pitch_agreement_id" uuid;--> statement-breakpoint
ALTER TABLE "song_responses" ADD COLUMN "company_shown_to_writer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_songwriter_id_users_id_fk" FOREIGN KEY ("songwriter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_pitch_agreement_id_pitch_agreements_id_fk" FOREIGN KEY ("pitch_agreement_id") REFERENCES "public"."pitch_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pitch_report_digests" ADD CONSTRAINT "pitch_report_digests_songwriter_id_users_id_fk" FOREIGN KEY ("songwriter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_pitch_agreement_id_pitch_agreements_id_fk" FOREIGN KEY ("pitch_agreement_id") REFERENCES "public"."pitch_agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_credits_songwriter_idx" ON "account_credits" USING btree ("songwriter_id","created_at");--> statement-breakpoint
CREATE INDEX "account_credits_order_idx" ON "account_credits" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "placements_song_idx" ON "placements" USING btree ("song_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "placements_agreement_idx" ON "placements" USING btree ("pitch_agreement_id");--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_pitch_agreement_id_pitch_agreements_id_fk" FOREIGN KEY ("pitch_agreement_id") REFERENCES "public"."pitch_agreements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_pitch_agreement_id_unique" UNIQUE("pitch_agreement_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credit_applied_check" CHECK ("orders"."credit_applied_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."payment_status" in ('pending', 'paid', 'completed', 'cancelled'));