CREATE TABLE "new_songs_mail_opt_outs" (
	"user_id" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "new_songs_mails" (
	"user_id" text NOT NULL,
	"week_start" date NOT NULL,
	"covered_to" timestamp with time zone NOT NULL,
	"song_count" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "new_songs_mails_user_id_week_start_pk" PRIMARY KEY("user_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "new_songs_mail_opt_outs" ADD CONSTRAINT "new_songs_mail_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_songs_mails" ADD CONSTRAINT "new_songs_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;