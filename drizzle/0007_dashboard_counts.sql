CREATE TABLE "listener_last_plays" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_played_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "row_counts_rows_check" CHECK ("row_counts"."rows" >= 0)
);
--> statement-breakpoint
ALTER TABLE "listener_last_plays" ADD CONSTRAINT "listener_last_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listener_last_plays_at_idx" ON "listener_last_plays" USING btree ("last_played_at");