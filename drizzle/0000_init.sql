CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limits_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"original_name" text,
	"owner_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_bucket_key_unique" UNIQUE("bucket","key"),
	CONSTRAINT "stored_files_bucket_check" CHECK ("stored_files"."bucket" in ('song-audio', 'song-images', 'song-submissions', 'lyric-submissions')),
	CONSTRAINT "stored_files_size_check" CHECK ("stored_files"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"songwriter_id" text,
	"package_size" integer NOT NULL,
	"amount_paid_cents" integer DEFAULT 0 NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"songs_submitted" integer DEFAULT 0 NOT NULL,
	"customer_name" text,
	"customer_email" text,
	"payment_provider" text NOT NULL,
	"checkout_session_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_package_size_check" CHECK ("orders"."package_size" between 1 and 4),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount_paid_cents" >= 0),
	CONSTRAINT "orders_status_check" CHECK ("orders"."payment_status" in ('pending', 'paid', 'completed')),
	CONSTRAINT "orders_provider_check" CHECK ("orders"."payment_provider" in ('test', 'stripe')),
	CONSTRAINT "orders_songs_submitted_check" CHECK ("orders"."songs_submitted" between 0 and "orders"."package_size")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"reply_to" text,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'dead')),
	CONSTRAINT "mail_outbox_attempts_check" CHECK ("mail_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "blocked_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"blocked_by" text,
	"original_request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preview_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"company_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT 'N/A' NOT NULL,
	"pro_affiliation" text NOT NULL,
	"project_description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"auto_approved_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "preview_requests_status_check" CHECK ("preview_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "preview_requests_pro_check" CHECK ("preview_requests"."pro_affiliation" in ('ASCAP', 'BMI', 'SESAC', 'GMR', 'SOCAN (Canada)', 'PRS (UK)', 'Other', 'Not Affiliated')),
	CONSTRAINT "preview_requests_name_check" CHECK (char_length("preview_requests"."name") between 1 and 100),
	CONSTRAINT "preview_requests_company_check" CHECK (char_length("preview_requests"."company_name") between 1 and 150),
	CONSTRAINT "preview_requests_description_check" CHECK (char_length("preview_requests"."project_description") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "review_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"sender_id" text,
	"message" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_messages_message_check" CHECK ("review_messages"."message" ~ '[^[:space:]]')
);
--> statement-breakpoint
CREATE TABLE "song_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"songwriter_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"song_number" integer NOT NULL,
	"song_title" text NOT NULL,
	"audio_file_id" uuid,
	"lyrics_text" text,
	"lyrics_file_id" uuid,
	"story_arc" text NOT NULL,
	"ai_usage" text NOT NULL,
	"additional_notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_review" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"read_by_songwriter" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_reviews_order_song_unique" UNIQUE("order_id","song_number"),
	CONSTRAINT "song_reviews_status_check" CHECK ("song_reviews"."status" in ('pending', 'in_review', 'reviewed')),
	CONSTRAINT "song_reviews_song_number_check" CHECK ("song_reviews"."song_number" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('admin', 'preview', 'songwriter'))
);
--> statement-breakpoint
CREATE TABLE "song_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"song_id" uuid NOT NULL,
	"user_id" text,
	"commenter_name" text NOT NULL,
	"commenter_email" text NOT NULL,
	"comment_text" text NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "song_comments_name_check" CHECK (char_length("song_comments"."commenter_name") between 1 and 100),
	CONSTRAINT "song_comments_email_check" CHECK (char_length("song_comments"."commenter_email") between 3 and 255),
	CONSTRAINT "song_comments_text_check" CHECK (char_length("song_comments"."comment_text") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "song_plays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"song_id" uuid NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "song_plays_duration_check" CHECK ("song_plays"."duration_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "songs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"lyrics" text NOT NULL,
	"writer_info" text,
	"genre" text,
	"bpm" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"audio_file_id" uuid,
	"image_file_id" uuid,
	"image_web_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "songs_slug_unique" UNIQUE("slug"),
	CONSTRAINT "songs_bpm_check" CHECK ("songs"."bpm" is null or "songs"."bpm" between 1 and 300),
	CONSTRAINT "songs_order_index_check" CHECK ("songs"."order_index" >= 0),
	CONSTRAINT "songs_slug_check" CHECK ("songs"."slug" ~ '^[a-z0-9-]+$')
);
--> statement-breakpoint
CREATE TABLE "songwriter_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone" text,
	"street_address" text,
	"city" text,
	"state_province" text,
	"zip" text,
	"country" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "songwriter_profiles_username_check" CHECK (char_length("songwriter_profiles"."username") between 3 and 50)
);
--> statement-breakpoint
CREATE TABLE "songwriter_questionnaire" (
	"user_id" text PRIMARY KEY NOT NULL,
	"years_writing" text NOT NULL,
	"songs_written" text NOT NULL,
	"most_recent_song" text NOT NULL,
	"preferred_genre" text NOT NULL,
	"has_published" boolean NOT NULL,
	"pro_affiliation" text DEFAULT 'Not Affiliated' NOT NULL,
	"how_found_us" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "songwriter_questionnaire_pro_check" CHECK ("songwriter_questionnaire"."pro_affiliation" in ('ASCAP', 'BMI', 'SESAC', 'GMR', 'SOCAN (Canada)', 'PRS (UK)', 'Other', 'Not Affiliated'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_songwriter_id_users_id_fk" FOREIGN KEY ("songwriter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_requests" ADD CONSTRAINT "blocked_requests_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocked_requests" ADD CONSTRAINT "blocked_requests_original_request_id_preview_requests_id_fk" FOREIGN KEY ("original_request_id") REFERENCES "public"."preview_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_requests" ADD CONSTRAINT "preview_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_requests" ADD CONSTRAINT "preview_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_requests" ADD CONSTRAINT "preview_requests_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_messages" ADD CONSTRAINT "review_messages_review_id_song_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."song_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_messages" ADD CONSTRAINT "review_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_reviews" ADD CONSTRAINT "song_reviews_songwriter_id_users_id_fk" FOREIGN KEY ("songwriter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_reviews" ADD CONSTRAINT "song_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_reviews" ADD CONSTRAINT "song_reviews_audio_file_id_stored_files_id_fk" FOREIGN KEY ("audio_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_reviews" ADD CONSTRAINT "song_reviews_lyrics_file_id_stored_files_id_fk" FOREIGN KEY ("lyrics_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_reviews" ADD CONSTRAINT "song_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_comments" ADD CONSTRAINT "song_comments_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_comments" ADD CONSTRAINT "song_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_plays" ADD CONSTRAINT "song_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_plays" ADD CONSTRAINT "song_plays_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_audio_file_id_stored_files_id_fk" FOREIGN KEY ("audio_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_image_file_id_stored_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_image_web_file_id_stored_files_id_fk" FOREIGN KEY ("image_web_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songwriter_profiles" ADD CONSTRAINT "songwriter_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songwriter_questionnaire" ADD CONSTRAINT "songwriter_questionnaire_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_created_at_idx" ON "sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "stored_files_owner_id_idx" ON "stored_files" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_session_unique" ON "orders" USING btree ("payment_provider","checkout_session_id");--> statement-breakpoint
CREATE INDEX "orders_songwriter_created_idx" ON "orders" USING btree ("songwriter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("payment_status");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_unclaimed_email_idx" ON "orders" USING btree (lower("customer_email")) WHERE "orders"."songwriter_id" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_requests_email_unique" ON "blocked_requests" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "preview_requests_user_id_idx" ON "preview_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "preview_requests_email_idx" ON "preview_requests" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "preview_requests_status_created_idx" ON "preview_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "preview_requests_open_email_unique" ON "preview_requests" USING btree (lower("email")) WHERE "preview_requests"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "review_messages_review_created_idx" ON "review_messages" USING btree ("review_id","created_at");--> statement-breakpoint
CREATE INDEX "review_messages_unread_idx" ON "review_messages" USING btree ("review_id") WHERE "review_messages"."read" = false;--> statement-breakpoint
CREATE INDEX "song_reviews_songwriter_created_idx" ON "song_reviews" USING btree ("songwriter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "song_reviews_status_created_idx" ON "song_reviews" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "song_comments_song_approved_idx" ON "song_comments" USING btree ("song_id","is_approved","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "song_comments_created_at_idx" ON "song_comments" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "song_comments_pending_idx" ON "song_comments" USING btree ("created_at") WHERE "song_comments"."is_approved" = false;--> statement-breakpoint
CREATE INDEX "song_plays_user_played_idx" ON "song_plays" USING btree ("user_id","played_at");--> statement-breakpoint
CREATE INDEX "song_plays_song_played_idx" ON "song_plays" USING btree ("song_id","played_at");--> statement-breakpoint
CREATE INDEX "song_plays_played_at_idx" ON "song_plays" USING btree ("played_at");--> statement-breakpoint
CREATE INDEX "songs_active_order_idx" ON "songs" USING btree ("is_active","order_index");--> statement-breakpoint
CREATE INDEX "songs_order_idx" ON "songs" USING btree ("order_index");--> statement-breakpoint
CREATE UNIQUE INDEX "songwriter_profiles_username_unique" ON "songwriter_profiles" USING btree (lower("username"));