CREATE TABLE "pitch_link_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pitch_link_id" uuid NOT NULL,
	"message" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pitch_link_replies_message_check" CHECK (char_length("pitch_link_replies"."message") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "pitch_link_replies" ADD CONSTRAINT "pitch_link_replies_pitch_link_id_pitch_links_id_fk" FOREIGN KEY ("pitch_link_id") REFERENCES "public"."pitch_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pitch_link_replies_link_idx" ON "pitch_link_replies" USING btree ("pitch_link_id","created_at");--> statement-breakpoint
CREATE INDEX "pitch_link_replies_unread_idx" ON "pitch_link_replies" USING btree ("pitch_link_id") WHERE "pitch_link_replies"."read_at" is null;