CREATE TABLE "review_ratings" (
	"review_id" uuid PRIMARY KEY NOT NULL,
	"songwriter_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_ratings_rating_check" CHECK ("review_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "review_scores" (
	"review_id" uuid NOT NULL,
	"category" text NOT NULL,
	"score" smallint,
	"reason" text,
	CONSTRAINT "review_scores_review_id_category_pk" PRIMARY KEY("review_id","category"),
	CONSTRAINT "review_scores_category_check" CHECK ("review_scores"."category" in ('hook', 'melody', 'lyric', 'structure', 'commercial_fit', 'demo_quality')),
	CONSTRAINT "review_scores_score_check" CHECK ("review_scores"."score" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "song_reviews" ADD COLUMN "verdict" text;--> statement-breakpoint
ALTER TABLE "song_reviews" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "review_ratings" ADD CONSTRAINT "review_ratings_review_id_song_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."song_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_ratings" ADD CONSTRAINT "review_ratings_songwriter_id_users_id_fk" FOREIGN KEY ("songwriter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_scores" ADD CONSTRAINT "review_scores_review_id_song_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."song_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "song_reviews" ADD CONSTRAINT "song_reviews_verdict_check" CHECK ("song_reviews"."verdict" in ('pitch_ready', 'rewrite_suggested', 'not_yet'));